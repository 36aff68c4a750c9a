import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { MediaPurpose, MediaRecord } from '@facet/contract/modules/media/media.schema';
import { acceptFor, precheckUpload } from '@facet/contract/modules/media/media.schema';
import { Button, Flex, Image, Typography } from 'antd';
import type { ChangeEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '../api/client.ts';
import { failureMessage, isWorthReporting } from './feedback.ts';
import { useReportInputProblem } from './schema-form.tsx';

interface ImageUploadProps {
  /** What the image is for: decides the accepted types, the size limit and who may upload. */
  purpose: MediaPurpose;
  /** The uploaded image's url ('' when none). Set by the surrounding Form.Item. */
  value?: string;
  onChange?: (url: string) => void;
  disabled?: boolean;
  id?: string;
}

/**
 * An image field: the file goes to POST /api/media at once (the server decides its type from its
 * bytes and re-encodes it) and the field keeps the url of the stored copy. A file of the wrong type
 * or over the limit is refused before sending, with the spec's message, and by the server again.
 * A refused file is the field's problem until another file is stored or the image is removed: inside
 * a FormField it shows as the field's message and blocks submit (spec: an invalid image blocks
 * submit), since the value alone, still the previous image, would pass.
 */
export function ImageUpload({ purpose, value = '', onChange, disabled = false, id }: ImageUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const [isUploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const reportToField = useReportInputProblem();

  const changeProblem = (next: string | null) => {
    setProblem(next);
    reportToField?.(next);
  };
  // A refused file belongs to this input and goes with it (a form reset or Cancel remounts the input).
  useEffect(() => () => reportToField?.(null), [reportToField]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refusal = precheckUpload(purpose, file);
    changeProblem(refusal);
    if (refusal) return;
    const body = new FormData();
    body.append('file', file);
    setUploading(true);
    try {
      const stored = await apiRequest<MediaRecord>('/api/media', { method: 'POST', query: { purpose }, body });
      onChange?.(stored.url);
    } catch (error) {
      // The server's refusal (type, size) counts like the early check's; a lost session is handled elsewhere.
      if (isWorthReporting(error)) changeProblem(failureMessage(error));
    } finally {
      setUploading(false);
    }
  };

  const remove = () => {
    changeProblem(null);
    onChange?.('');
  };

  return (
    <Flex vertical gap={8}>
      <Flex gap={12} align="center">
        {/* antd's Image is a button that opens a preview, named after its alt: an empty alt left it nameless. */}
        {value && <Image src={value} width={72} height={72} style={{ objectFit: 'contain' }} alt="The current image" aria-label="Preview the current image" />}
        <input ref={input} id={id} type="file" accept={acceptFor(purpose)} style={{ display: 'none' }} onChange={(event) => void choose(event)} data-testid={`image-upload-${purpose}`} />
        <Button icon={<UploadOutlined />} loading={isUploading} disabled={disabled} onClick={() => input.current?.click()}>
          {value ? 'Replace image' : 'Upload image'}
        </Button>
        {(value || problem) && (
          <Button icon={<DeleteOutlined />} danger type="text" disabled={disabled} aria-label="Remove image" onClick={remove}>
            Remove
          </Button>
        )}
      </Flex>
      {problem && !reportToField && <Typography.Text type="danger">{problem}</Typography.Text>}
    </Flex>
  );
}
