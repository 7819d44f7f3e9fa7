// A payment frame that appears 300 ms after the page loaded (as a payment provider's script does).
import { useEffect, useState } from 'react';
import { useReport } from '../state.js';

export default function IframeLate() {
  const [shown, setShown] = useState(false);
  const [paid, setPaid] = useState(null);
  useReport({ paid });
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), 300);
    const heard = (event) => {
      if (event.origin === window.location.origin && typeof event.data?.gallery?.paid === 'string')
        setPaid(event.data.gallery.paid);
    };
    window.addEventListener('message', heard);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('message', heard);
    };
  }, []);
  return (
    <main>
      <h1>Checkout</h1>
      {shown && <iframe title="Payment" src="/gallery/frame.html" style={{ width: 400, height: 160 }} />}
    </main>
  );
}
