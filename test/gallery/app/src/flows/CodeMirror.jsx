// CodeMirror 6 with its minimal setup: a contenteditable editor that draws its own text.
import { useEffect, useRef, useState } from 'react';
import { EditorView, minimalSetup } from 'codemirror';
import { useReport } from '../state.js';

export default function CodeMirror() {
  const parent = useRef(null);
  const [doc, setDoc] = useState('');
  useReport({ doc });
  useEffect(() => {
    const view = new EditorView({
      doc: '',
      parent: parent.current,
      extensions: [
        minimalSetup,
        EditorView.contentAttributes.of({ 'aria-label': 'Script' }),
        EditorView.theme({ '&': { border: '1px solid #999', minHeight: '80px' } }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) setDoc(update.state.doc.toString());
        }),
      ],
    });
    return () => view.destroy();
  }, []);
  return (
    <main style={{ maxWidth: 480 }}>
      <h1>Script</h1>
      <div ref={parent} />
    </main>
  );
}
