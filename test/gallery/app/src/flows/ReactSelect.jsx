// react-select: the control opens its menu on mousedown; type to filter, click an option.
import { useState } from 'react';
import Select from 'react-select';
import { useReport } from '../state.js';

const FLAVOURS = [
  { value: 'chocolate', label: 'Chocolate' },
  { value: 'strawberry', label: 'Strawberry' },
  { value: 'vanilla', label: 'Vanilla' },
];

export default function ReactSelect() {
  const [flavour, setFlavour] = useState(null);
  useReport({ flavour: flavour?.value ?? null });
  return (
    <main style={{ maxWidth: 320 }}>
      <h1>Ice cream</h1>
      <label htmlFor="flavour-input" id="flavour-label">
        Flavour
      </label>
      <Select inputId="flavour-input" aria-labelledby="flavour-label" options={FLAVOURS} value={flavour} onChange={setFlavour} />
    </main>
  );
}
