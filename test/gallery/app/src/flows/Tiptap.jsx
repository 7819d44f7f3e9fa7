// TipTap (ProseMirror) with its starter kit: rich text, Ctrl+B for bold.
import { useState } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useReport } from '../state.js';

export default function Tiptap() {
  const [html, setHtml] = useState('<p></p>');
  useReport({ html });
  const editor = useEditor({
    extensions: [StarterKit],
    content: '<p></p>',
    editorProps: { attributes: { 'aria-label': 'Note', style: 'border: 1px solid #999; min-height: 80px; padding: 4px' } },
    onUpdate: ({ editor: updated }) => setHtml(updated.getHTML()),
  });
  return (
    <main style={{ maxWidth: 480 }}>
      <h1>Release note</h1>
      <EditorContent editor={editor} />
    </main>
  );
}
