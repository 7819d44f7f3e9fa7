// Tom Select over a native <select>: the select is hidden, a typed-in control and a dropdown of its own stand for it.
import { useEffect, useRef, useState } from 'react';
import TomSelectLib from 'tom-select';
import 'tom-select/dist/css/tom-select.css';
import { useReport } from '../state.js';

export default function TomSelect() {
  const select = useRef(null);
  const [fruit, setFruit] = useState('');
  useReport({ fruit });
  useEffect(() => {
    const control = new TomSelectLib(select.current, { create: false, onChange: (value) => setFruit(value) });
    return () => control.destroy();
  }, []);
  return (
    <main style={{ maxWidth: 320 }}>
      <h1>Order</h1>
      <label htmlFor="fruit">Fruit</label>
      <select id="fruit" ref={select} defaultValue="" placeholder="Pick a fruit…">
        <option value="">Pick a fruit…</option>
        <option value="apple">Apple</option>
        <option value="banana">Banana</option>
        <option value="cherry">Cherry</option>
        <option value="date">Date</option>
      </select>
    </main>
  );
}
