import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { acceptFor } from '@facet/contract/modules/media/media.schema';
import type { ProductMediaRecord } from '@facet/contract/modules/product-media/product-media.schema';
import { PRODUCT_MEDIA_PURPOSES } from '@facet/contract/modules/product-media/product-media.schema';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Flex, Image, Progress, Spin, Tooltip, Typography, Upload } from 'antd';
import { useState } from 'react';
import { failureMessage, isWorthReporting } from '../../../ui/feedback.ts';
import { deleteProductMedia, isLibrarySku, precheckProductMedia, productMediaKey, uploadProductMedia, useProductMedia } from './product-media.api.ts';
import { showDeleteConfirm } from '../../../ui/confirm-delete.ts';

interface ProductMediaLibraryProps {
  /** The product's model number: the library's key. Until it is a valid one, nothing can be uploaded. */
  sku: string;
  disabled?: boolean;
  /** After each upload or delete, the library as it now is. */
  onChange?: (items: ProductMediaRecord[]) => void;
}

/** A file on its way (or refused): shown above the grid until it is stored. */
interface Sending {
  key: string;
  name: string;
  sent: number;
  problem?: string;
}

const ACCEPT = [acceptFor(PRODUCT_MEDIA_PURPOSES.image), acceptFor(PRODUCT_MEDIA_PURPOSES.video)].join(',');
export const MEDIA_TILE_SIZE = 132;

/**
 * The upload panel of a product's media library: images (png, jpg, jpeg up to 2 MB) and videos
 * (mp4, webm up to 50 MB) dropped or chosen, several at once, each sent on its own with its
 * progress; a refused file stays listed with the spec's message until dismissed. Below, the
 * library's files with Delete (the spec's confirmation; a file a saved product uses is refused by the server).
 */
export function ProductMediaLibrary({ sku, disabled = false, onChange }: ProductMediaLibraryProps) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const library = useProductMedia(sku);
  const [sending, setSending] = useState<Sending[]>([]);
  const isReady = isLibrarySku(sku);

  const update = (key: string, change: Partial<Sending>) => setSending((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: productMediaKey(sku) });
    const items = queryClient.getQueryData<{ items: ProductMediaRecord[] }>([...productMediaKey(sku), 'all', ''])?.items;
    if (items) onChange?.(items);
  };

  const send = async (file: File) => {
    const key = `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`;
    const refusal = precheckProductMedia(file);
    setSending((all) => [...all, { key, name: file.name, sent: 0, ...(refusal ? { problem: refusal } : {}) }]);
    if (refusal) return;
    try {
      await uploadProductMedia(sku, file, (sent) => update(key, { sent }));
      setSending((all) => all.filter((item) => item.key !== key));
      await refresh();
    } catch (error) {
      if (isWorthReporting(error)) update(key, { problem: failureMessage(error) });
      else setSending((all) => all.filter((item) => item.key !== key));
    }
  };

  const confirmMediaDelete = (item: ProductMediaRecord) => showDeleteConfirm({ modal, message }, { remove: () => deleteProductMedia(item.id), afterDeleted: refresh });

  const items = library.data ?? [];
  return (
    <Flex vertical gap={16}>
      <Upload.Dragger
        multiple
        accept={ACCEPT}
        showUploadList={false}
        disabled={disabled || !isReady}
        // Each file goes by our own request (progress, the spec's messages); antd only picks them.
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
        data-testid="product-media-upload"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{isReady ? 'Click or drag images and videos here to upload' : 'Enter a valid model number to upload media'}</p>
        <p className="ant-upload-hint">Images: .png, .jpg, .jpeg up to 2MB. Videos: .mp4, .webm up to 50MB.</p>
      </Upload.Dragger>

      {sending.map((item) =>
        item.problem ? (
          <Alert key={item.key} type="error" showIcon closable onClose={() => setSending((all) => all.filter((other) => other.key !== item.key))} message={item.name} description={item.problem} />
        ) : (
          <Flex key={item.key} vertical gap={2}>
            <Typography.Text ellipsis>{item.name}</Typography.Text>
            <Progress percent={Math.round(item.sent * 100)} size="small" status="active" />
          </Flex>
        ),
      )}

      {isReady && (
        <Spin spinning={library.isFetching && !library.data}>
          {items.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No media uploaded for this model number yet." />
          ) : (
            <Flex wrap gap={12}>
              {items.map((item) => (
                <MediaTile key={item.id} item={item} disabled={disabled} onDelete={() => confirmMediaDelete(item)} />
              ))}
            </Flex>
          )}
        </Spin>
      )}
    </Flex>
  );
}

function MediaTile({ item, disabled, onDelete }: { item: ProductMediaRecord; disabled: boolean; onDelete: () => void }) {
  return (
    <Card
      size="small"
      style={{ width: MEDIA_TILE_SIZE + 26 }}
      styles={{ body: { padding: 8 } }}
      cover={<MediaPreview item={item} />}
      actions={[
        <Tooltip key="delete" title="Delete">
          <Button type="text" danger size="small" icon={<DeleteOutlined />} disabled={disabled} aria-label={`Delete ${item.name}`} onClick={onDelete} />
        </Tooltip>,
      ]}
    >
      <Typography.Text ellipsis={{ tooltip: item.name }} style={{ fontSize: 12 }}>
        {item.name}
      </Typography.Text>
    </Card>
  );
}

/** A thumbnail: the image (click to enlarge) or the video with its controls. */
export function MediaPreview({ item }: { item: Pick<ProductMediaRecord, 'kind' | 'url' | 'name'> }) {
  const box = { width: '100%', height: MEDIA_TILE_SIZE, objectFit: 'contain' as const, background: '#fafafa' };
  return item.kind === 'video' ? (
    <video src={item.url} controls preload="metadata" style={box} aria-label={item.name} />
  ) : (
    <Image src={item.url} alt={item.name} height={MEDIA_TILE_SIZE} style={box} />
  );
}
