// SortableJS as its docs' first example uses it: the browser's own HTML5 drag and drop.
import { useEffect, useRef, useState } from 'react';
import Sortable from 'sortablejs';
import { useReport } from '../state.js';

const FRUIT = ['Apple', 'Banana', 'Cherry', 'Date'];

export default function SortableNative() {
  const list = useRef(null);
  const [order, setOrder] = useState(FRUIT);
  useReport({ order });
  useEffect(() => {
    const sortable = Sortable.create(list.current, { animation: 0, onEnd: () => setOrder(sortable.toArray()) });
    return () => sortable.destroy();
  }, []);
  return (
    <main>
      <h1>Fruit ranking</h1>
      <ul ref={list} aria-label="Ranking" style={{ padding: 0 }}>
        {FRUIT.map((id) => (
          <li key={id} data-id={id} style={{ padding: 8, margin: 4, width: 200, border: '1px solid #999', listStyle: 'none' }}>
            {id}
          </li>
        ))}
      </ul>
    </main>
  );
}
