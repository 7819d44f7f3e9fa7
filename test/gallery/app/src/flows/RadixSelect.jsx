// Radix's Select: its trigger opens on pointerdown, the content in a portal over the trigger.
import { useState } from 'react';
import * as Select from '@radix-ui/react-select';
import { useReport } from '../state.js';

const FRUITS = [
  ['apple', 'Apple'],
  ['banana', 'Banana'],
  ['grape', 'Grape'],
];

export default function RadixSelect() {
  const [fruit, setFruit] = useState('');
  useReport({ fruit });
  return (
    <main>
      <h1>Smoothie</h1>
      <Select.Root value={fruit} onValueChange={setFruit}>
        <Select.Trigger aria-label="Fruit">
          <Select.Value placeholder="Pick a fruit" />
          <Select.Icon />
        </Select.Trigger>
        <Select.Portal>
          <Select.Content style={{ background: 'white', border: '1px solid #ccc' }}>
            <Select.Viewport>
              {FRUITS.map(([value, label]) => (
                <Select.Item key={value} value={value} style={{ padding: '4px 8px' }}>
                  <Select.ItemText>{label}</Select.ItemText>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </main>
  );
}
