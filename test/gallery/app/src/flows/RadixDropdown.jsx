// Radix's DropdownMenu: opens on pointerdown, in a portal; while open, body has pointer-events: none.
import { useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useReport } from '../state.js';

export default function RadixDropdown() {
  const [done, setDone] = useState([]);
  useReport({ done });
  const item = (what, label) => (
    <DropdownMenu.Item className="menu-item" onSelect={() => setDone((list) => [...list, what])}>
      {label}
    </DropdownMenu.Item>
  );
  return (
    <main>
      <h1>Report Q3</h1>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <button type="button">Options</button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content sideOffset={4} style={{ background: 'white', border: '1px solid #ccc', padding: 4 }}>
            {item('duplicate', 'Duplicate')}
            {item('share', 'Share')}
            <DropdownMenu.Separator />
            {item('delete', 'Delete')}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </main>
  );
}
