// Shoelace's <sl-input> and <sl-checkbox>: the real input and checkbox are inside shadow roots.
import { useEffect, useRef, useState } from 'react';
import '@shoelace-style/shoelace/dist/themes/light.css';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/checkbox/checkbox.js';
import { useReport } from '../state.js';

export default function ShoelaceForm() {
  const input = useRef(null);
  const checkbox = useRef(null);
  const [nickname, setNickname] = useState('');
  const [subscribe, setSubscribe] = useState(false);
  useReport({ nickname, subscribe });
  useEffect(() => {
    const [field, box] = [input.current, checkbox.current];
    const typed = () => setNickname(field.value);
    const checked = () => setSubscribe(box.checked);
    field.addEventListener('sl-input', typed);
    box.addEventListener('sl-change', checked);
    return () => {
      field.removeEventListener('sl-input', typed);
      box.removeEventListener('sl-change', checked);
    };
  }, []);
  return (
    <main style={{ maxWidth: 320 }}>
      <h1>Newsletter</h1>
      <sl-input ref={input} label="Nickname"></sl-input>
      <p>
        <sl-checkbox ref={checkbox}>Subscribe</sl-checkbox>
      </p>
    </main>
  );
}
