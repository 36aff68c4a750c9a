import { CodeOutlined, FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Flex, Input, theme } from 'antd';
import { useState } from 'react';
import { RichTextEditor } from '../../ui/rich-text-editor.tsx';
import { FULL_TOOLBAR } from '../../ui/rich-text-full-toolbar.tsx';

/** The custom HTML template's editor height (document 3 §2.17). */
const CONTENT_EDITOR_HEIGHT = 350;

interface CustomHtmlEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
}

/**
 * The custom HTML template's Content (document 3 §2.17): the shared rich-text editor with the full
 * toolbar (styles, fonts, lists, table, link, picture, video), plus a code view of the HTML itself
 * and a full-screen mode. The server sanitises what is saved, whichever view
 * wrote it.
 */
export function CustomHtmlEditor({ value = '', onChange, id }: CustomHtmlEditorProps) {
  const { token } = theme.useToken();
  const [isCodeView, setCodeView] = useState(false);
  const [isFullscreen, setFullscreen] = useState(false);
  const height = isFullscreen ? 'calc(100vh - 120px)' : CONTENT_EDITOR_HEIGHT;
  return (
    <div
      style={
        isFullscreen
          ? { position: 'fixed', inset: 0, zIndex: 1000, background: token.colorBgContainer, padding: 24, overflow: 'auto' }
          : undefined
      }
    >
      <Flex gap={8} style={{ marginBottom: 8 }}>
        <Button size="small" icon={<CodeOutlined />} aria-pressed={isCodeView} onClick={() => setCodeView((shown) => !shown)}>
          {isCodeView ? 'Editor view' : 'Code view'}
        </Button>
        <Button size="small" icon={isFullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />} aria-pressed={isFullscreen} onClick={() => setFullscreen((shown) => !shown)}>
          {isFullscreen ? 'Exit full screen' : 'Full screen'}
        </Button>
      </Flex>
      {isCodeView ? (
        <Input.TextArea
          id={id}
          aria-label="Content HTML"
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          style={{ height, fontFamily: 'monospace', resize: 'none' }}
        />
      ) : isFullscreen ? (
        <RichTextEditor id={id} value={value} onChange={onChange} height={window.innerHeight - 180} toolbar={FULL_TOOLBAR} />
      ) : (
        <RichTextEditor id={id} value={value} onChange={onChange} height={CONTENT_EDITOR_HEIGHT} toolbar={FULL_TOOLBAR} />
      )}
    </div>
  );
}
