// TanStack Virtual: 1 000 rows, only those in view are in the DOM; scroll to one and pick it.
import { useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useReport } from '../state.js';

const ROWS = 1_000;
const HEIGHT = 32;

export default function VirtualList() {
  const scroller = useRef(null);
  const [selected, setSelected] = useState(null);
  useReport({ selected });
  const virtualizer = useVirtualizer({ count: ROWS, getScrollElement: () => scroller.current, estimateSize: () => HEIGHT });
  return (
    <main>
      <h1>Rows</h1>
      <div
        ref={scroller}
        role="listbox"
        aria-label="Rows"
        style={{ height: 320, width: 240, overflow: 'auto', border: '1px solid #999' }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => (
            <div
              key={row.key}
              role="option"
              aria-selected={selected === row.index}
              onClick={() => setSelected(row.index)}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: HEIGHT,
                transform: `translateY(${row.start}px)`,
              }}
            >
              Row {row.index}
            </div>
          ))}
        </div>
      </div>
    </main>
  );
}
