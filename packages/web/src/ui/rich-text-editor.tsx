import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Flex, Input, Popover, Tooltip, theme } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import './rich-text-editor.css';

/** The spec's rich-text editor height (document 1 §9). */
const RICH_TEXT_HEIGHT = 300;

interface RichTextEditorProps {
  /** HTML; '' when empty. Set by the surrounding Form.Item. */
  value?: string;
  onChange?: (html: string) => void;
  height?: number;
  disabled?: boolean;
  /** For the field's label to point at the editable area. */
  id?: string;
}

/**
 * A TipTap editor as a form input: HTML in, HTML out. The server sanitises what it stores, so the
 * editor offers only what survives that (headings, lists, quotes, links, emphasis).
 */
export function RichTextEditor({ value = '', onChange, height = RICH_TEXT_HEIGHT, disabled = false, id }: RichTextEditorProps) {
  const { token } = theme.useToken();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto', 'tel'] } })],
    content: value,
    editable: !disabled,
    editorProps: { attributes: { class: 'rich-text-editor__content', ...(id ? { id } : {}), 'aria-multiline': 'true', role: 'textbox' } },
    // An empty document is '' to the form, so "required" and "unchanged" behave as for other inputs.
    onUpdate: ({ editor: changed }) => onChange?.(changed.isEmpty ? '' : changed.getHTML()),
  });

  // A value set from outside (a record loaded, the form reset) replaces the document.
  useEffect(() => {
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => editor.setEditable(!disabled), [editor, disabled]);
  useLabelledByField(editor, id);

  return (
    <div
      className="rich-text-editor"
      style={{ border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius, background: disabled ? token.colorBgContainerDisabled : token.colorBgContainer }}
    >
      <Toolbar editor={editor} disabled={disabled} />
      <Divider style={{ margin: 0 }} />
      <div style={{ height, overflowY: 'auto', padding: '4px 11px', cursor: disabled ? 'not-allowed' : 'text' }} onClick={() => editor.commands.focus()}>
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}

/**
 * Names the editable area after its field's label. A `<label for>` names only form elements and the
 * editable area is a div (role textbox), so without this a screen reader announces a nameless text
 * box: the label gets an id (antd's has none) and the area points at it.
 */
function useLabelledByField(editor: Editor, id: string | undefined) {
  useEffect(() => {
    const label = id ? document.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(id)}"]`) : null;
    if (!label) return;
    label.id ||= `${id}-label`;
    editor.view.dom.setAttribute('aria-labelledby', label.id);
  }, [editor, id]);
}

function Toolbar({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tool = (label: string, icon: ReactNode, isActive: boolean, run: () => void, isEnabled = true) => (
    <Tooltip title={label} key={label}>
      <Button
        size="small"
        type={isActive ? 'primary' : 'text'}
        aria-label={label}
        aria-pressed={isActive}
        icon={icon}
        disabled={disabled || !isEnabled}
        onClick={run}
      />
    </Tooltip>
  );
  return (
    <Flex gap={2} wrap align="center" style={{ padding: 4 }}>
      {tool('Bold', <BoldOutlined />, state.bold, () => chain().toggleBold().run())}
      {tool('Italic', <ItalicOutlined />, state.italic, () => chain().toggleItalic().run())}
      {tool('Underline', <UnderlineOutlined />, state.underline, () => chain().toggleUnderline().run())}
      {tool('Strikethrough', <StrikethroughOutlined />, state.strike, () => chain().toggleStrike().run())}
      <Divider orientation="vertical" />
      {tool('Heading', <b>H2</b>, state.h2, () => chain().toggleHeading({ level: 2 }).run())}
      {tool('Subheading', <b>H3</b>, state.h3, () => chain().toggleHeading({ level: 3 }).run())}
      {tool('Bulleted list', <UnorderedListOutlined />, state.bulletList, () => chain().toggleBulletList().run())}
      {tool('Numbered list', <OrderedListOutlined />, state.orderedList, () => chain().toggleOrderedList().run())}
      {tool('Quote', <b>“</b>, state.blockquote, () => chain().toggleBlockquote().run())}
      <LinkTool editor={editor} isActive={state.link} disabled={disabled} />
      <Divider orientation="vertical" />
      {tool('Undo', <UndoOutlined />, false, () => chain().undo().run(), state.canUndo)}
      {tool('Redo', <RedoOutlined />, false, () => chain().redo().run(), state.canRedo)}
    </Flex>
  );
}

/** Link: a small box for the address; an empty address removes the link. */
function LinkTool({ editor, isActive, disabled }: { editor: Editor; isActive: boolean; disabled: boolean }) {
  const [isOpen, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const open = (next: boolean) => {
    if (next) setHref((editor.getAttributes('link').href as string | undefined) ?? '');
    setOpen(next);
  };
  const apply = () => {
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href.trim()) chain.setLink({ href: href.trim() }).run();
    else chain.unsetLink().run();
    setOpen(false);
  };
  return (
    <Popover
      open={isOpen && !disabled}
      onOpenChange={open}
      trigger="click"
      content={
        <Flex gap={8}>
          <Input
            autoFocus
            size="small"
            placeholder="https://"
            aria-label="Link address"
            value={href}
            onChange={(event) => setHref(event.target.value)}
            onPressEnter={(event) => {
              event.preventDefault();
              apply();
            }}
            style={{ width: 260 }}
          />
          <Button size="small" type="primary" onClick={apply}>
            {href.trim() ? 'Apply' : 'Remove'}
          </Button>
        </Flex>
      }
    >
      <Tooltip title="Link">
        <Button size="small" type={isActive ? 'primary' : 'text'} aria-label="Link" aria-pressed={isActive} icon={<LinkOutlined />} disabled={disabled} />
      </Tooltip>
    </Popover>
  );
}
