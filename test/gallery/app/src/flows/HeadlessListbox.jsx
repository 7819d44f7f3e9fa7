// Headless UI's Listbox in a Field with a Label: the button is labelled by the label and itself.
import { useState } from 'react';
import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { useReport } from '../state.js';

const STATUSES = [
  { id: 'backlog', name: 'Backlog' },
  { id: 'in-progress', name: 'In progress' },
  { id: 'done', name: 'Done' },
];

export default function HeadlessListbox() {
  const [status, setStatus] = useState(STATUSES[0]);
  useReport({ status: status.id });
  return (
    <main>
      <h1>Ticket 7</h1>
      <Field>
        <Label>Status</Label>
        <Listbox value={status} onChange={setStatus}>
          <ListboxButton>{status.name}</ListboxButton>
          <ListboxOptions anchor="bottom start" style={{ background: 'white', border: '1px solid #ccc' }}>
            {STATUSES.map((option) => (
              <ListboxOption key={option.id} value={option} style={{ padding: '4px 8px' }}>
                {option.name}
              </ListboxOption>
            ))}
          </ListboxOptions>
        </Listbox>
      </Field>
    </main>
  );
}
