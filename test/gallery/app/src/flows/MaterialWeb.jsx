// Material Web (Lit): a text field, a select whose menu is in its shadow root, and a checkbox.
import { useEffect, useRef, useState } from 'react';
import '@material/web/textfield/outlined-text-field.js';
import '@material/web/select/outlined-select.js';
import '@material/web/select/select-option.js';
import '@material/web/checkbox/checkbox.js';
import { useReport } from '../state.js';

export default function MaterialWeb() {
  const field = useRef(null);
  const select = useRef(null);
  const box = useRef(null);
  const [state, setState] = useState({ name: '', size: '', gift: false });
  useReport(state);
  useEffect(() => {
    const read = () => setState({ name: field.current.value, size: select.current.value, gift: box.current.checked });
    const parts = [field.current, select.current, box.current];
    for (const part of parts) {
      part.addEventListener('input', read);
      part.addEventListener('change', read);
    }
    return () => {
      for (const part of parts) {
        part.removeEventListener('input', read);
        part.removeEventListener('change', read);
      }
    };
  }, []);
  return (
    <main style={{ maxWidth: 360 }}>
      <h1>T-shirt</h1>
      <p>
        <md-outlined-text-field ref={field} label="Name"></md-outlined-text-field>
      </p>
      <p>
        <md-outlined-select ref={select} label="Size">
          <md-select-option value="s">
            <div slot="headline">Small</div>
          </md-select-option>
          <md-select-option value="m">
            <div slot="headline">Medium</div>
          </md-select-option>
          <md-select-option value="l">
            <div slot="headline">Large</div>
          </md-select-option>
        </md-outlined-select>
      </p>
      <label>
        <md-checkbox ref={box} touch-target="wrapper"></md-checkbox> Gift wrap
      </label>
    </main>
  );
}
