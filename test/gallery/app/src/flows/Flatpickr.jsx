// flatpickr on a text input: its calendar is appended to the body and the input is read-only.
import { useEffect, useRef, useState } from 'react';
import flatpickr from 'flatpickr';
import 'flatpickr/dist/flatpickr.css';
import { useReport } from '../state.js';

export default function Flatpickr() {
  const input = useRef(null);
  const [date, setDate] = useState('');
  useReport({ date });
  useEffect(() => {
    const picker = flatpickr(input.current, {
      defaultDate: '2026-03-10',
      onChange: (_dates, text) => setDate(text),
    });
    return () => picker.destroy();
  }, []);
  return (
    <main style={{ maxWidth: 320 }}>
      <h1>Delivery</h1>
      <label htmlFor="when">Delivery date</label> <input id="when" ref={input} />
    </main>
  );
}
