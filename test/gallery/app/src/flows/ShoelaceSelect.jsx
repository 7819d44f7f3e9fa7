// Shoelace's <sl-select>: web components whose parts live in open shadow roots.
import { useEffect, useRef, useState } from 'react';
import '@shoelace-style/shoelace/dist/themes/light.css';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';
import { useReport } from '../state.js';

export default function ShoelaceSelect() {
  const select = useRef(null);
  const [size, setSize] = useState('');
  useReport({ size });
  useEffect(() => {
    const element = select.current;
    const changed = () => setSize(element.value);
    element.addEventListener('sl-change', changed);
    return () => element.removeEventListener('sl-change', changed);
  }, []);
  return (
    <main style={{ maxWidth: 320 }}>
      <h1>T-shirt</h1>
      <sl-select ref={select} label="Size" placeholder="Choose a size">
        <sl-option value="small">Small</sl-option>
        <sl-option value="medium">Medium</sl-option>
        <sl-option value="large">Large</sl-option>
      </sl-select>
    </main>
  );
}
