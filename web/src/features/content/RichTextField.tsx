import '@mantine/tiptap/styles.css';
import { RichTextEditor } from '@mantine/tiptap';
import Link from '@tiptap/extension-link';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ComponentProps, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export interface RichTextFieldProps {
  id: string;
  label: string;
  value: string;
  lang: 'ar' | 'en';
  describedBy?: string | undefined;
  invalid?: boolean;
  onChange(html: string): void;
}

/**
 * The rich-text editor (tiptap through @mantine/tiptap), loaded only by the admin's form (React.lazy), so it never
 * reaches the public bundle. It offers only what the server keeps (commands/content/sanitize.ts): paragraphs,
 * h2–h4, bold, italic, underline, lists, quotes, links and line breaks; the server cleans what it gets anyway.
 */
export default function RichTextField({ id, label, value, lang, describedBy, invalid, onChange }: RichTextFieldProps) {
  const { t } = useTranslation();
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        link: false,
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        strike: false,
        horizontalRule: false,
      }),
      Link.configure({ openOnClick: false, autolink: true, protocols: ['mailto'], defaultProtocol: 'https' }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        lang,
        dir: lang === 'ar' ? 'rtl' : 'ltr',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // A value replaced from outside (the item loaded after the editor) is shown.
  useEffect(() => {
    if (editor && !editor.isFocused && editor.getHTML() !== value)
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <RichTextEditor
      // The same class at run time; @mantine/tiptap's typings resolve @tiptap/react's CommonJS declarations and this
      // file its ESM ones, which TypeScript counts as two unrelated classes.
      editor={editor as unknown as ComponentProps<typeof RichTextEditor>['editor']}
      labels={{
        boldControlLabel: t('content.rte.bold'),
        italicControlLabel: t('content.rte.italic'),
        underlineControlLabel: t('content.rte.underline'),
        linkControlLabel: t('content.rte.link'),
        unlinkControlLabel: t('content.rte.unlink'),
        bulletListControlLabel: t('content.rte.bulletList'),
        orderedListControlLabel: t('content.rte.orderedList'),
        h2ControlLabel: t('content.rte.h2'),
        h3ControlLabel: t('content.rte.h3'),
        h4ControlLabel: t('content.rte.h4'),
        blockquoteControlLabel: t('content.rte.blockquote'),
        undoControlLabel: t('content.rte.undo'),
        redoControlLabel: t('content.rte.redo'),
        linkEditorInputLabel: t('content.rte.linkInput'),
        linkEditorSave: t('content.rte.linkSave'),
      }}
    >
      <RichTextEditor.Toolbar aria-label={t('content.rte.toolbar')}>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.H4 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
