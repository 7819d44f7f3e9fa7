// The control: plain HTML controls, no library. Every recorder should get this one right.
import { useState } from 'react';
import { useReport } from '../state.js';

export default function NativeForm() {
  const [email, setEmail] = useState('');
  const [country, setCountry] = useState('france');
  const [remember, setRemember] = useState(false);
  const [submitted, setSubmitted] = useState(null);
  useReport({ submitted });
  return (
    <main>
      <h1>Sign in</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted({ email, country, remember });
        }}
      >
        <p>
          <label htmlFor="email">Email</label>{' '}
          <input id="email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </p>
        <p>
          <label htmlFor="country">Country</label>{' '}
          <select id="country" value={country} onChange={(event) => setCountry(event.target.value)}>
            <option value="france">France</option>
            <option value="japan">Japan</option>
            <option value="peru">Peru</option>
          </select>
        </p>
        <p>
          <label>
            <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} /> Remember me
          </label>
        </p>
        <button type="submit">Sign in</button>
      </form>
    </main>
  );
}
