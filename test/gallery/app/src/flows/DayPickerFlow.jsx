// react-day-picker in a popover, as a date field does: open, go to the next month, pick a day.
import { useState } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { useReport } from '../state.js';

/** The month the picker opens on (fixed, so the flow does not depend on today's date). */
const START = new Date(2026, 2, 1);
const iso = (date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export default function DayPickerFlow() {
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(null);
  useReport({ date: date === null ? null : iso(date), open });
  return (
    <main>
      <h1>Book a visit</h1>
      <p>Date: {date === null ? 'none' : iso(date)}</p>
      <button type="button" aria-expanded={open} onClick={() => setOpen((was) => !was)}>
        Pick a date
      </button>
      {open && (
        <div role="dialog" aria-label="Choose a date" style={{ border: '1px solid #999', display: 'inline-block' }}>
          <DayPicker
            mode="single"
            defaultMonth={date ?? START}
            selected={date ?? undefined}
            onSelect={(picked) => {
              setDate(picked ?? null);
              setOpen(false);
            }}
          />
        </div>
      )}
    </main>
  );
}
