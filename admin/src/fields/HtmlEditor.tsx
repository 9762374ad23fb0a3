import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Space } from 'antd';
import { useEffect } from 'react';

interface Props {
  value?: string | null;
  onChange?: (value: string) => void;
  id?: string;
  /** The field's name for assistive technology (the editable area is not a native input). */
  label?: string;
}

// An empty document is '<p></p>': report it as empty so "required" still applies.
const normalize = (html: string) => (html === '<p></p>' ? '' : html);

/** Rich text for blog posts and product descriptions; the server sanitizes what it receives. */
export default function HtmlEditor({ value, onChange, id, label }: Props) {
  const editor = useEditor({
    extensions: [StarterKit],
    content: value ?? '',
    onUpdate: ({ editor: e }) => onChange?.(normalize(e.getHTML())),
    editorProps: {
      attributes: {
        class: 'html-editor-content',
        'aria-multiline': 'true',
        role: 'textbox',
        ...(id ? { id } : {}),
        ...(label ? { 'aria-label': label } : {}),
      },
    },
  });

  // The edit form fills its values after the editor has mounted. A destroyed editor (the screen
  // is being left, or StrictMode's second mount) has no schema left to parse with.
  useEffect(() => {
    if (!editor || editor.isDestroyed || editor.isFocused) return;
    if (normalize(editor.getHTML()) !== (value ?? '')) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;
  const tool = (label: string, active: boolean, run: () => void) => (
    <Button size="small" type={active ? 'primary' : 'default'} onClick={run} aria-label={label} title={label}>
      {label}
    </Button>
  );
  return (
    <div className="html-editor">
      <Space wrap size={4} style={{ marginBottom: 6 }}>
        {tool('Gras', editor.isActive('bold'), () => editor.chain().focus().toggleBold().run())}
        {tool('Italique', editor.isActive('italic'), () => editor.chain().focus().toggleItalic().run())}
        {tool('Titre', editor.isActive('heading', { level: 2 }), () => editor.chain().focus().toggleHeading({ level: 2 }).run())}
        {tool('Sous-titre', editor.isActive('heading', { level: 3 }), () => editor.chain().focus().toggleHeading({ level: 3 }).run())}
        {tool('Liste', editor.isActive('bulletList'), () => editor.chain().focus().toggleBulletList().run())}
        {tool('Liste numérotée', editor.isActive('orderedList'), () => editor.chain().focus().toggleOrderedList().run())}
        {tool('Citation', editor.isActive('blockquote'), () => editor.chain().focus().toggleBlockquote().run())}
        {tool('Annuler', false, () => editor.chain().focus().undo().run())}
        {tool('Rétablir', false, () => editor.chain().focus().redo().run())}
      </Space>
      <EditorContent editor={editor} />
    </div>
  );
}
