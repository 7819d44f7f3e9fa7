// dnd-kit's sortable list (its docs' quick start): pointer events, no HTML5 drag and drop.
import { useState } from 'react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useReport } from '../state.js';

function Row({ id }) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id });
  const style = {
    transform: CSS.Transform.toString(transform),
    transition,
    padding: 8,
    margin: 4,
    width: 200,
    border: '1px solid #999',
    background: 'white',
    listStyle: 'none',
    touchAction: 'none',
  };
  return (
    <li ref={setNodeRef} style={style} {...attributes} {...listeners}>
      {id}
    </li>
  );
}

export default function DndSortable() {
  const [order, setOrder] = useState(['Apple', 'Banana', 'Cherry', 'Date']);
  useReport({ order });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const dragEnd = ({ active, over }) => {
    if (over === null || active.id === over.id) return;
    setOrder((items) => arrayMove(items, items.indexOf(active.id), items.indexOf(over.id)));
  };
  return (
    <main>
      <h1>Fruit ranking</h1>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd}>
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <ul aria-label="Ranking" style={{ padding: 0 }}>
            {order.map((id) => (
              <Row key={id} id={id} />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </main>
  );
}
