// React Aria Components (Adobe's): a Select whose trigger opens on press start and whose popover
// hides the rest of the page from assistive technology, options picked on release, a checkbox
// whose input is visually hidden inside its label, a text field and a button pressed through
// React Aria's own press events. Used as its docs show, unstyled.
import { useState } from 'react';
import {
  Button,
  Checkbox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  TextField,
} from 'react-aria-components';
import { useReport } from '../state.js';

const ANIMALS = [
  ['aardvark', 'Aardvark'],
  ['kangaroo', 'Kangaroo'],
  ['platypus', 'Platypus'],
];

export default function ReactAriaForm() {
  const [animal, setAnimal] = useState(null);
  const [name, setName] = useState('');
  const [terms, setTerms] = useState(false);
  const [saved, setSaved] = useState(null);
  useReport({ animal, name, terms, saved });
  return (
    <main>
      <h1>Adopt an animal</h1>
      <Select selectedKey={animal} onSelectionChange={setAnimal}>
        <Label>Animal</Label>
        <Button>
          <SelectValue />
          <span aria-hidden="true"> ▼</span>
        </Button>
        <Popover style={{ background: 'white', border: '1px solid #ccc' }}>
          <ListBox>
            {ANIMALS.map(([id, label]) => (
              <ListBoxItem key={id} id={id} style={{ padding: '4px 8px' }}>
                {label}
              </ListBoxItem>
            ))}
          </ListBox>
        </Popover>
      </Select>
      <TextField value={name} onChange={setName}>
        <Label>Its name</Label>
        <Input />
      </TextField>
      <div style={{ marginTop: 8 }}>
        <Checkbox isSelected={terms} onChange={setTerms}>
          I will feed it every day
        </Checkbox>
      </div>
      <Button onPress={() => setSaved({ animal, name, terms })}>Adopt</Button>
    </main>
  );
}
