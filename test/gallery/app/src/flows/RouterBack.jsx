// React Router: a list, a product page reached by a link, and the browser's Back to the list.
import { useState } from 'react';
import { Link, Route, Routes, useLocation, useParams } from 'react-router';
import { useReport } from '../state.js';

const PRODUCTS = { alpha: 'Alpha lamp', beta: 'Beta chair' };

function Product({ add }) {
  const { id } = useParams();
  return (
    <section>
      <h2>{PRODUCTS[id]}</h2>
      <button type="button" onClick={() => add(id)}>
        Add to cart
      </button>
    </section>
  );
}

export default function RouterBack() {
  const [cart, setCart] = useState([]);
  const location = useLocation();
  useReport({ path: location.pathname, cart });
  return (
    <main>
      <h1>Shop</h1>
      <p>Cart: {cart.length}</p>
      <Routes>
        <Route
          index
          element={
            <ul>
              {Object.entries(PRODUCTS).map(([id, name]) => (
                <li key={id}>
                  <Link to={`item/${id}`}>{name}</Link>
                </li>
              ))}
            </ul>
          }
        />
        <Route path="item/:id" element={<Product add={(id) => setCart((items) => [...items, id])} />} />
      </Routes>
    </main>
  );
}
