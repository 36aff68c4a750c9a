import { PictureOutlined, TableOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { MESSAGES } from '@facet/contract/messages';
import { isHttpUrl } from '@facet/contract/modules/navigation-menu/navigation-menu.schema';
import { isVideoEmbedSrc, RICH_TEXT_FONT_FAMILIES, RICH_TEXT_FONT_SIZES, vimeoEmbedSrcOf } from '@facet/contract/rich-text';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style';
import Youtube, { getAttributesFromYoutubeEmbedUrl, getEmbedUrlFromYoutubeUrl, isValidYoutubeUrl } from '@tiptap/extension-youtube';
import type { Editor } from '@tiptap/react';
import { Node, useEditorState } from '@tiptap/react';
import type { MenuProps } from 'antd';
import { Button, Divider, Dropdown, Flex, Input, Select, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { RichTextToolbarSet } from './rich-text-editor.tsx';
import { EmphasisTools, HistoryTools, LinkTool, ListTools, PopoverTool } from './rich-text-editor.tsx';

type ToolProps = { editor: Editor; disabled: boolean };

/** An embedded player's size in the page: 16:9, as both players' own embed codes are. */
const VIDEO_SIZE = { width: 640, height: 360 } as const;

/** The YouTube player address the toolbar writes for a YouTube link: the privacy-enhanced host, related videos from the same channel only. */
const youtubeEmbedSrcOf = (link: string, startAt = 0) => getEmbedUrlFromYoutubeUrl({ url: link, nocookie: true, controls: true, rel: 0, startAt });

/**
 * TipTap's YouTube node (its link parsing, paste rule and reading of stored players) writing the
 * player with standard attributes only, and a title, which a frame needs for a screen reader to
 * name it. The stock node also writes each of its options as an attribute of the iframe
 * (`autoplay="false"`, `ivloadpolicy="0"`...), which no browser reads and the server's custom HTML
 * policy does not keep.
 */
const YoutubeVideo = Youtube.extend({
  renderHTML({ HTMLAttributes }) {
    const src = youtubeEmbedSrcOf(HTMLAttributes.src as string, Number(HTMLAttributes.start) || 0);
    return ['div', { 'data-youtube-video': '' }, ['iframe', { src, width: HTMLAttributes.width, height: HTMLAttributes.height, allowfullscreen: 'true', title: 'YouTube video player' }]];
  },
}).configure({ nocookie: true, rel: 0, ...VIDEO_SIZE });

/**
 * A Vimeo player, written as TipTap's YouTube node writes its own (a marked wrapper around the
 * iframe). TipTap has no Vimeo extension; only Vimeo's player address (`vimeoEmbedSrcOf`) is ever
 * its src, inserted by the video tool and read back from stored players.
 */
const VimeoVideo = Node.create({
  name: 'vimeo',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      src: { default: null, parseHTML: (element) => vimeoEmbedSrcOf(element.getAttribute('src') ?? '') },
      width: { default: VIDEO_SIZE.width },
      height: { default: VIDEO_SIZE.height },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-vimeo-video] iframe', getAttrs: (element) => (vimeoEmbedSrcOf(element.getAttribute('src') ?? '') ? null : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', { 'data-vimeo-video': '' }, ['iframe', { src: HTMLAttributes.src, width: HTMLAttributes.width, height: HTMLAttributes.height, allowfullscreen: 'true', title: 'Vimeo video player' }]];
  },
});

/**
 * Inserts a picture or a player with an empty paragraph after it, the cursor in that paragraph: staff
 * go on typing below it, and a second insert lands after it rather than replacing it (the node alone
 * would be left selected).
 */
function insertBlock(editor: Editor, type: string, attrs: Record<string, unknown>) {
  editor.chain().focus().insertContent([{ type, attrs }, { type: 'paragraph' }]).run();
}

// ---- Styles and fonts ---------------------------------------------------------------------------

const BLOCK_STYLES = [
  { value: 'paragraph', label: 'Paragraph' },
  { value: 'h1', label: 'Heading 1' },
  { value: 'h2', label: 'Heading 2' },
  { value: 'h3', label: 'Heading 3' },
  { value: 'h4', label: 'Heading 4' },
  { value: 'quote', label: 'Quote' },
  { value: 'code', label: 'Code' },
] as const;
type BlockStyle = (typeof BLOCK_STYLES)[number]['value'];
const HEADING_LEVELS = [1, 2, 3, 4] as const;

function blockStyleOf(editor: Editor): BlockStyle {
  if (editor.isActive('codeBlock')) return 'code';
  const level = HEADING_LEVELS.find((candidate) => editor.isActive('heading', { level: candidate }));
  if (level) return `h${level}` as BlockStyle;
  return editor.isActive('blockquote') ? 'quote' : 'paragraph';
}

function applyBlockStyle(editor: Editor, style: BlockStyle) {
  const chain = editor.chain().focus();
  if (style === 'code') return chain.setCodeBlock().run();
  if (style === 'quote') return chain.setParagraph().setBlockquote().run();
  if (style === 'paragraph') return (editor.isActive('blockquote') ? chain.unsetBlockquote() : chain).setParagraph().run();
  return chain.setHeading({ level: Number(style.slice(1)) as (typeof HEADING_LEVELS)[number] }).run();
}

/** Style (paragraph, headings, quote, code), font and size: selects showing what the cursor is in. */
function StyleTools({ editor, disabled }: ToolProps) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const textStyle = e.getAttributes('textStyle') as { fontFamily?: string | null; fontSize?: string | null };
      return { block: blockStyleOf(e), fontFamily: textStyle.fontFamily ?? '', fontSize: textStyle.fontSize ?? '' };
    },
  });
  const chain = () => editor.chain().focus();
  return (
    <>
      <Select<BlockStyle> size="small" aria-label="Style" value={state.block} disabled={disabled} style={{ width: 112 }} options={[...BLOCK_STYLES]} onChange={(style) => applyBlockStyle(editor, style)} />
      <Select<string>
        size="small"
        aria-label="Font"
        value={state.fontFamily}
        disabled={disabled}
        style={{ width: 124 }}
        options={[{ value: '', label: 'Default font' }, ...RICH_TEXT_FONT_FAMILIES.map((font) => ({ value: font.value, label: font.label }))]}
        // Each font's name shown in the font itself.
        optionRender={(option) => <span style={{ fontFamily: String(option.value) || undefined }}>{option.label}</span>}
        onChange={(font) => (font ? chain().setFontFamily(font).run() : chain().unsetFontFamily().run())}
      />
      <Select<string>
        size="small"
        aria-label="Font size"
        value={state.fontSize}
        disabled={disabled}
        style={{ width: 116 }}
        options={[{ value: '', label: 'Default size' }, ...RICH_TEXT_FONT_SIZES.map((size) => ({ value: size, label: size }))]}
        onChange={(size) => (size ? chain().setFontSize(size).run() : chain().unsetFontSize().run())}
      />
    </>
  );
}

// ---- Table -------------------------------------------------------------------------------------

type TableAction = 'insert' | 'addRowBefore' | 'addRowAfter' | 'addColumnBefore' | 'addColumnAfter' | 'deleteRow' | 'deleteColumn' | 'deleteTable';

const TABLE_ACTIONS: Record<TableAction, (chain: ReturnType<Editor['chain']>) => boolean> = {
  insert: (chain) => chain.insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
  addRowBefore: (chain) => chain.addRowBefore().run(),
  addRowAfter: (chain) => chain.addRowAfter().run(),
  addColumnBefore: (chain) => chain.addColumnBefore().run(),
  addColumnAfter: (chain) => chain.addColumnAfter().run(),
  deleteRow: (chain) => chain.deleteRow().run(),
  deleteColumn: (chain) => chain.deleteColumn().run(),
  deleteTable: (chain) => chain.deleteTable().run(),
};

/** Table: insert one (3×3 with a header row), then, inside it, add or remove rows and columns, or delete it. */
function TableTool({ editor, disabled }: ToolProps) {
  const isInTable = useEditorState({ editor, selector: ({ editor: e }) => e.isActive('table') });
  const inside = (key: Exclude<TableAction, 'insert'>, label: string, danger = false) => ({ key, label, danger, disabled: !isInTable });
  const items: MenuProps['items'] = [
    { key: 'insert', label: 'Insert table', disabled: isInTable },
    { type: 'divider' },
    inside('addRowBefore', 'Add row above'),
    inside('addRowAfter', 'Add row below'),
    inside('addColumnBefore', 'Add column before'),
    inside('addColumnAfter', 'Add column after'),
    { type: 'divider' },
    inside('deleteRow', 'Delete row', true),
    inside('deleteColumn', 'Delete column', true),
    inside('deleteTable', 'Delete table', true),
  ];
  return (
    <Dropdown trigger={['click']} disabled={disabled} menu={{ items, onClick: ({ key }) => TABLE_ACTIONS[key as TableAction](editor.chain().focus()) }}>
      <Tooltip title="Table">
        <Button size="small" type={isInTable ? 'primary' : 'text'} aria-label="Table" aria-haspopup="menu" icon={<TableOutlined />} disabled={disabled} />
      </Tooltip>
    </Dropdown>
  );
}

// ---- Picture and video -------------------------------------------------------------------------

interface InsertField {
  name: string;
  label: string;
  placeholder: string;
}

/**
 * A tool that asks for a few texts in a small box and inserts something made of them: `insert`
 * answers why it cannot (shown under the box, which stays open) or null once inserted.
 */
function InsertTool({ label, icon, fields, insert, disabled }: { label: string; icon: ReactNode; fields: InsertField[]; insert: (values: Record<string, string>) => string | null; disabled: boolean }) {
  const [isOpen, setOpen] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const open = (next: boolean) => {
    if (next) {
      setValues({});
      setProblem(null);
    }
    setOpen(next);
  };
  const apply = () => {
    const refusal = insert(Object.fromEntries(fields.map((field) => [field.name, (values[field.name] ?? '').trim()])));
    setProblem(refusal);
    if (!refusal) setOpen(false);
  };
  return (
    <PopoverTool
      label={label}
      icon={icon}
      disabled={disabled}
      isOpen={isOpen}
      onOpenChange={open}
      content={
        <Flex vertical gap={8} style={{ width: 300 }}>
          {fields.map((field, index) => (
            <Input
              key={field.name}
              autoFocus={index === 0}
              size="small"
              aria-label={field.label}
              placeholder={field.placeholder}
              value={values[field.name] ?? ''}
              status={problem && index === 0 ? 'error' : undefined}
              onChange={(event) => setValues((all) => ({ ...all, [field.name]: event.target.value }))}
              onPressEnter={(event) => {
                event.preventDefault();
                apply();
              }}
            />
          ))}
          {problem && (
            <Typography.Text type="danger" role="alert">
              {problem}
            </Typography.Text>
          )}
          <Button size="small" type="primary" onClick={apply} style={{ alignSelf: 'flex-end' }}>
            Insert
          </Button>
        </Flex>
      }
    />
  );
}

/** Picture: an image by its http(s) address, with its alternative text. (Facet's media library is per product and has no picker to offer here.) */
function PictureTool({ editor, disabled }: ToolProps) {
  return (
    <InsertTool
      label="Picture"
      icon={<PictureOutlined />}
      disabled={disabled}
      fields={[
        { name: 'src', label: 'Image address', placeholder: 'https://' },
        { name: 'alt', label: 'Alternative text', placeholder: 'What the picture shows' },
      ]}
      insert={({ src, alt }) => {
        if (!src || !isHttpUrl(src)) return MESSAGES.invalidUrl;
        insertBlock(editor, 'image', { src, alt });
        return null;
      }}
    />
  );
}

/**
 * Video: a YouTube or Vimeo link becomes that site's embedded player; nothing else becomes an iframe.
 * A YouTube player address pasted as the link is read back to its video first, so the player is
 * written the one way the server keeps.
 */
function VideoTool({ editor, disabled }: ToolProps) {
  return (
    <InsertTool
      label="Video"
      icon={<VideoCameraOutlined />}
      disabled={disabled}
      fields={[{ name: 'link', label: 'Video link', placeholder: 'YouTube or Vimeo link' }]}
      insert={({ link = '' }) => {
        const youtube = getAttributesFromYoutubeEmbedUrl(link) ?? (isValidYoutubeUrl(link) ? { src: link } : null);
        if (youtube && isVideoEmbedSrc(youtubeEmbedSrcOf(youtube.src, youtube.start) ?? '')) {
          insertBlock(editor, 'youtube', { ...youtube });
          return null;
        }
        const vimeo = vimeoEmbedSrcOf(link);
        if (!vimeo) return MESSAGES.videoLinkNotEmbeddable;
        insertBlock(editor, 'vimeo', { src: vimeo });
        return null;
      }}
    />
  );
}

/** The full toolbar: styles, fonts, emphasis, lists, table, link, picture, video, history. */
function FullTools({ editor, disabled }: ToolProps) {
  return (
    <>
      <StyleTools editor={editor} disabled={disabled} />
      <Divider orientation="vertical" />
      <EmphasisTools editor={editor} disabled={disabled} />
      <Divider orientation="vertical" />
      <ListTools editor={editor} disabled={disabled} />
      <TableTool editor={editor} disabled={disabled} />
      <Divider orientation="vertical" />
      <LinkTool editor={editor} disabled={disabled} />
      <PictureTool editor={editor} disabled={disabled} />
      <VideoTool editor={editor} disabled={disabled} />
      <Divider orientation="vertical" />
      <HistoryTools editor={editor} disabled={disabled} />
    </>
  );
}

/**
 * The custom HTML section's toolbar (document 3 §2.17): everything the server's `customHtml`
 * policy keeps (`packages/server/src/http/rich-text.ts`); change the two together.
 */
export const FULL_TOOLBAR: RichTextToolbarSet = {
  starterKit: { heading: { levels: [...HEADING_LEVELS] } },
  extensions: [
    TextStyle,
    FontFamily,
    FontSize,
    // Column resizing would write widths by hand; the policy keeps pixel widths, but a storefront reads better without.
    TableKit.configure({ table: { resizable: false } }),
    Image.configure({ inline: false, allowBase64: false }),
    YoutubeVideo,
    VimeoVideo,
  ],
  Tools: FullTools,
};
