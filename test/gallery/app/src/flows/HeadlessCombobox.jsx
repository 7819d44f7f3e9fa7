// Headless UI's Combobox: type to filter, pick an option (it selects on mousedown and unmounts).
import { useState } from 'react';
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';
import { useReport } from '../state.js';

const PEOPLE = ['Tom Cook', 'Wade Cooper', 'Tanya Fox', 'Arlene Mccoy', 'Devon Webb'];

export default function HeadlessCombobox() {
  const [assignee, setAssignee] = useState(null);
  const [query, setQuery] = useState('');
  const shown = query === '' ? PEOPLE : PEOPLE.filter((person) => person.toLowerCase().includes(query.toLowerCase()));
  useReport({ assignee });
  return (
    <main>
      <h1>Assign task</h1>
      <Field>
        <Label>Assignee</Label>
        <Combobox value={assignee} onChange={setAssignee} onClose={() => setQuery('')}>
          <ComboboxInput displayValue={(person) => person ?? ''} onChange={(event) => setQuery(event.target.value)} />
          <ComboboxOptions anchor="bottom start" style={{ background: 'white', border: '1px solid #ccc' }}>
            {shown.map((person) => (
              <ComboboxOption key={person} value={person} style={{ padding: '4px 8px' }}>
                {person}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </Combobox>
      </Field>
    </main>
  );
}
