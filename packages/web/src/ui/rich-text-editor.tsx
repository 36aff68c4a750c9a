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
import type { AnyExtension, Editor } from '@tiptap/react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import type { StarterKitOptions } from '@tiptap/starter-kit';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Flex, Input, Popover, Tooltip, theme } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { useEffect, useState } from 'react';
import './rich-text-editor.css';

/** The spec's rich-text editor height (document 1 §9). */
const RICH_TEXT_HEIGHT = 300;

/**
 * A set of tools for the editor: the TipTap extensions beyond StarterKit that its tools need, and
 * the toolbar that offers them. The standard set (below) is what every rich-text field has; a field
 * that may keep more (the custom HTML section, whose server policy allows it) passes a fuller set,
 * so the other screens neither load nor show the extra tools.
 */
export interface RichTextToolbarSet {
  extensions: AnyExtension[];
  /** StarterKit's options where the set needs others (more heading levels). */
  starterKit?: Partial<StarterKitOptions>;
  Tools: ComponentType<{ editor: Editor; disabled: boolean }>;
}

interface RichTextEditorProps {
  /** HTML; '' when empty. Set by the surrounding Form.Item. */
  value?: string;
  onChange?: (html: string) => void;
  height?: number;
  disabled?: boolean;
  /** For the field's label to point at the editable area. */
  id?: string;
  /** The tools offered; the standard set unless the field's server policy keeps more. Read once, when the editor is made. */
  toolbar?: RichTextToolbarSet;
}

/**
 * A TipTap editor as a form input: HTML in, HTML out. The server sanitises what it stores, so the
 * editor offers only what survives that: with the standard set, headings, lists, quotes, links and
 * emphasis.
 */
export function RichTextEditor({ value = '', onChange, height = RICH_TEXT_HEIGHT, disabled = false, id, toolbar = STANDARD_TOOLBAR }: RichTextEditorProps) {
  const { token } = theme.useToken();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ ...toolbar.starterKit, link: { openOnClick: false, protocols: ['http', 'https', 'mailto', 'tel'] } }),
      ...toolbar.extensions,
    ],
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
  const { Tools } = toolbar;

  return (
    <div
      className="rich-text-editor"
      style={{ border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius, background: disabled ? token.colorBgContainerDisabled : token.colorBgContainer }}
    >
      <Flex gap={2} wrap align="center" style={{ padding: 4 }} role="toolbar" aria-label="Formatting">
        <Tools editor={editor} disabled={disabled} />
      </Flex>
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

/** A toolbar button: its label is its tooltip and its accessible name; pressed while its formatting applies. */
function ToolButton({ label, icon, isActive = false, disabled, onClick }: { label: string; icon: ReactNode; isActive?: boolean; disabled: boolean; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button size="small" type={isActive ? 'primary' : 'text'} aria-label={label} aria-pressed={isActive} icon={icon} disabled={disabled} onClick={onClick} />
    </Tooltip>
  );
}

/** Bold, italic, underline and strikethrough: in every toolbar set. */
export function EmphasisTools({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({ bold: e.isActive('bold'), italic: e.isActive('italic'), underline: e.isActive('underline'), strike: e.isActive('strike') }),
  });
  const chain = () => editor.chain().focus();
  return (
    <>
      <ToolButton label="Bold" icon={<BoldOutlined />} isActive={state.bold} disabled={disabled} onClick={() => chain().toggleBold().run()} />
      <ToolButton label="Italic" icon={<ItalicOutlined />} isActive={state.italic} disabled={disabled} onClick={() => chain().toggleItalic().run()} />
      <ToolButton label="Underline" icon={<UnderlineOutlined />} isActive={state.underline} disabled={disabled} onClick={() => chain().toggleUnderline().run()} />
      <ToolButton label="Strikethrough" icon={<StrikethroughOutlined />} isActive={state.strike} disabled={disabled} onClick={() => chain().toggleStrike().run()} />
    </>
  );
}

/** Bulleted and numbered lists: in every toolbar set. */
export function ListTools({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const state = useEditorState({ editor, selector: ({ editor: e }) => ({ bulletList: e.isActive('bulletList'), orderedList: e.isActive('orderedList') }) });
  const chain = () => editor.chain().focus();
  return (
    <>
      <ToolButton label="Bulleted list" icon={<UnorderedListOutlined />} isActive={state.bulletList} disabled={disabled} onClick={() => chain().toggleBulletList().run()} />
      <ToolButton label="Numbered list" icon={<OrderedListOutlined />} isActive={state.orderedList} disabled={disabled} onClick={() => chain().toggleOrderedList().run()} />
    </>
  );
}

/** Undo and redo: in every toolbar set. */
export function HistoryTools({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const state = useEditorState({ editor, selector: ({ editor: e }) => ({ canUndo: e.can().undo(), canRedo: e.can().redo() }) });
  const chain = () => editor.chain().focus();
  return (
    <>
      <ToolButton label="Undo" icon={<UndoOutlined />} disabled={disabled || !state.canUndo} onClick={() => chain().undo().run()} />
      <ToolButton label="Redo" icon={<RedoOutlined />} disabled={disabled || !state.canRedo} onClick={() => chain().redo().run()} />
    </>
  );
}

/** The standard tools: emphasis, two heading levels, lists, quote, link, history. */
function StandardTools({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({ h2: e.isActive('heading', { level: 2 }), h3: e.isActive('heading', { level: 3 }), blockquote: e.isActive('blockquote') }),
  });
  const chain = () => editor.chain().focus();
  return (
    <>
      <EmphasisTools editor={editor} disabled={disabled} />
      <Divider orientation="vertical" />
      <ToolButton label="Heading" icon={<b>H2</b>} isActive={state.h2} disabled={disabled} onClick={() => chain().toggleHeading({ level: 2 }).run()} />
      <ToolButton label="Subheading" icon={<b>H3</b>} isActive={state.h3} disabled={disabled} onClick={() => chain().toggleHeading({ level: 3 }).run()} />
      <ListTools editor={editor} disabled={disabled} />
      <ToolButton label="Quote" icon={<b>“</b>} isActive={state.blockquote} disabled={disabled} onClick={() => chain().toggleBlockquote().run()} />
      <LinkTool editor={editor} disabled={disabled} />
      <Divider orientation="vertical" />
      <HistoryTools editor={editor} disabled={disabled} />
    </>
  );
}

/** What every rich-text field has: StarterKit's formatting only. */
const STANDARD_TOOLBAR: RichTextToolbarSet = { extensions: [], Tools: StandardTools };

/**
 * A toolbar button that opens a small box (`content`) under it: the link, picture and video tools.
 * The box closes with a click elsewhere, and never opens on a disabled editor.
 */
export function PopoverTool({
  label,
  icon,
  isActive,
  disabled,
  isOpen,
  onOpenChange,
  content,
}: {
  label: string;
  icon: ReactNode;
  /** Pressed while its formatting applies (a link); tools that only insert have no such state. */
  isActive?: boolean;
  disabled: boolean;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  content: ReactNode;
}) {
  return (
    <Popover open={isOpen && !disabled} onOpenChange={onOpenChange} trigger="click" content={content}>
      <Tooltip title={label}>
        <Button size="small" type={isActive ? 'primary' : 'text'} aria-label={label} aria-pressed={isActive} icon={icon} disabled={disabled} />
      </Tooltip>
    </Popover>
  );
}

/** Link: a small box for the address; an empty address removes the link. */
export function LinkTool({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const isActive = useEditorState({ editor, selector: ({ editor: e }) => e.isActive('link') });
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
    <PopoverTool
      label="Link"
      icon={<LinkOutlined />}
      isActive={isActive}
      disabled={disabled}
      isOpen={isOpen}
      onOpenChange={open}
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
    />
  );
}
