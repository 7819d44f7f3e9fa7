// Radix's Dialog: a modal in a portal; while open, everything else is aria-hidden.
import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useReport } from '../state.js';

export default function RadixDialog() {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [name, setName] = useState('');
  useReport({ name, open });
  return (
    <main>
      <h1>Profile</h1>
      <p>Name: {name || '(none)'}</p>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <button type="button">Edit profile</button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay style={{ position: 'fixed', inset: 0, background: 'rgba(0, 0, 0, 0.3)' }} />
          <Dialog.Content style={{ position: 'fixed', top: 80, left: 80, background: 'white', padding: 16 }}>
            <Dialog.Title>Edit profile</Dialog.Title>
            <Dialog.Description>Make changes to your profile here.</Dialog.Description>
            <p>
              <label htmlFor="profile-name">Display name</label>{' '}
              <input id="profile-name" value={draft} onChange={(event) => setDraft(event.target.value)} />
            </p>
            <Dialog.Close asChild>
              <button type="button" onClick={() => setName(draft)}>
                Save changes
              </button>
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </main>
  );
}
