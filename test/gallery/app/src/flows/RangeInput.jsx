// A native range input: click on the track, then nudge it with the arrow keys.
import { useState } from 'react';
import { useReport } from '../state.js';

export default function RangeInput() {
  const [volume, setVolume] = useState(50);
  useReport({ volume });
  return (
    <main>
      <h1>Sound</h1>
      <label htmlFor="volume">Volume</label>{' '}
      <input
        id="volume"
        type="range"
        min="0"
        max="100"
        step="10"
        value={volume}
        style={{ width: 200 }}
        onChange={(event) => setVolume(Number(event.target.value))}
      />
    </main>
  );
}
