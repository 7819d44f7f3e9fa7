// Downshift's useSelect (its docs' example): a combobox toggle and a listbox of options.
import { useState } from 'react';
import { useSelect } from 'downshift';
import { useReport } from '../state.js';

const BOOKS = ['Dune', 'Emma', 'Ulysses', 'Beloved'];

export default function DownshiftSelect() {
  const [book, setBook] = useState(null);
  useReport({ book });
  const { isOpen, highlightedIndex, getToggleButtonProps, getLabelProps, getMenuProps, getItemProps } = useSelect({
    items: BOOKS,
    selectedItem: book,
    onSelectedItemChange: ({ selectedItem }) => setBook(selectedItem),
  });
  return (
    <main>
      <h1>Reading list</h1>
      <label {...getLabelProps()}>Book</label>
      <div {...getToggleButtonProps()} style={{ border: '1px solid #999', padding: 4, width: 200, cursor: 'pointer' }}>
        {book ?? 'Choose a book'}
      </div>
      <ul {...getMenuProps()} style={{ listStyle: 'none', padding: 0, width: 200 }}>
        {isOpen &&
          BOOKS.map((item, index) => (
            <li
              key={item}
              {...getItemProps({ item, index })}
              style={{ padding: 4, background: highlightedIndex === index ? '#def' : 'white' }}
            >
              {item}
            </li>
          ))}
      </ul>
    </main>
  );
}
