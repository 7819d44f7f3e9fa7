// Quill with its snow theme's toolbar: a contenteditable of its own, bold set from a toolbar button.
import { useEffect, useRef, useState } from 'react';
import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { useReport } from '../state.js';

export default function QuillEditor() {
  const host = useRef(null);
  const [html, setHtml] = useState('');
  useReport({ html });
  useEffect(() => {
    const editor = new Quill(host.current, { theme: 'snow', modules: { toolbar: [['bold', 'italic']] } });
    editor.root.setAttribute('aria-label', 'Note');
    editor.on('text-change', () => setHtml(editor.getSemanticHTML()));
    // Quill puts its toolbar before the host and has no destroy: leaving the route removes both.
    const toolbar = host.current.previousElementSibling;
    return () => toolbar?.remove();
  }, []);
  return (
    <main style={{ maxWidth: 480 }}>
      <h1>Release note</h1>
      <div ref={host} />
    </main>
  );
}
