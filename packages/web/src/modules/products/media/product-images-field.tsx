import { CloseOutlined, PictureOutlined, StarFilled } from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Form, Tag, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';
import { MEDIA_TILE_SIZE, MediaPreview } from './product-media-library.tsx';
import { isLibrarySku, useProductMedia } from './product-media.api.ts';
import type { ProductOwnMedia } from './product-own-media.ts';
import { chosenOfProduct, productMediaOf, withMainImage, withoutImage } from './product-own-media.ts';
import { SelectMediaModal } from './select-media-modal.tsx';

const fileNameOf = (url: string) => decodeURIComponent(url.slice(url.lastIndexOf('/') + 1));

/**
 * The product's own images and video (document 2 §3 images, videos): chosen from its library in
 * 'Select Media' (search from 2 characters, Select All, Set as Main Image, videos, Submit), shown as
 * thumbnails with the main one first and marked, and saved with the rest of the product. A product
 * with variants keeps these as its own (the list's image), beside each variant's.
 */
export function ProductImagesField() {
  // The three fields have no input of their own; this re-renders when one of them (or the model number, which names the library) changes.
  return (
    <Form.Item noStyle shouldUpdate={(before, after) => ['baseImage', 'otherImages', 'videos', 'sku'].some((field) => before[field] !== after[field])}>
      {(form) => (
        <ProductImages
          media={{ baseImage: form.getFieldValue('baseImage') ?? '', otherImages: form.getFieldValue('otherImages') ?? [], videos: form.getFieldValue('videos') ?? [] }}
          sku={String(form.getFieldValue('sku') ?? '').trim()}
        />
      )}
    </Form.Item>
  );
}

function ProductImages({ media, sku }: { media: ProductOwnMedia; sku: string }) {
  const form = Form.useFormInstance();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const { baseImage, videos } = media;
  const [librarySku, setLibrarySku] = useState<string | null>(null);
  // Files are stored under generated names; staff know them by the names they uploaded (from the library).
  const library = useProductMedia(sku);
  const uploadedNames = new Map((library.data ?? []).map((item) => [item.url, item.name]));
  const nameOf = (url: string) => uploadedNames.get(url) ?? fileNameOf(url);
  const images = [baseImage, ...media.otherImages].filter(Boolean);

  const set = (next: ProductOwnMedia) => form.setFieldsValue(next);
  const open = () => {
    // The library is kept by the model number; read it when the modal opens, not per keystroke.
    if (!isLibrarySku(sku)) {
      void message.warning('Enter a valid Model Number first: the media library is kept by it.');
      return;
    }
    setLibrarySku(sku);
  };
  const setMain = (url: string) => set(withMainImage(media, url));
  const removeImage = (url: string) => set(withoutImage(media, url));

  return (
    <Flex vertical gap={12} data-testid="product-images">
      <Flex gap={12} align="center" wrap>
        <Button icon={<PictureOutlined />} onClick={open}>
          Select Media
        </Button>
        <Typography.Text type="secondary" data-testid="product-images-summary">
          {images.length ? `${images.length} image${images.length === 1 ? '' : 's'}` : 'No images chosen'}
          {videos.length ? `, ${videos.length} video${videos.length === 1 ? '' : 's'}` : ''}
        </Typography.Text>
      </Flex>
      {images.length === 0 && videos.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Upload to the library below, then choose this product's images and video with Select Media." style={{ margin: 0 }} />
      ) : (
        <Flex wrap gap={12}>
          {images.map((url) => {
            const isMain = url === baseImage;
            const name = nameOf(url);
            return (
              <Card
                key={url}
                size="small"
                style={{ width: MEDIA_TILE_SIZE + 26, boxShadow: isMain ? `0 0 0 2px ${token.colorWarning}` : undefined }}
                styles={{ body: { padding: 8 } }}
                cover={<MediaPreview item={{ kind: 'image', url, name }} />}
                data-testid="product-image"
                data-main={isMain || undefined}
              >
                <Flex vertical gap={6}>
                  <Flex gap={4} align="center" justify="space-between">
                    <Typography.Text ellipsis={{ tooltip: name }} style={{ fontSize: 12, minWidth: 0 }}>
                      {name}
                    </Typography.Text>
                    <Tooltip title="Remove from this product">
                      <Button type="text" size="small" icon={<CloseOutlined />} aria-label={`Remove ${name}`} onClick={() => removeImage(url)} />
                    </Tooltip>
                  </Flex>
                  {isMain ? (
                    <Tag color="gold" icon={<StarFilled />} style={{ marginInlineEnd: 0, textAlign: 'center' }}>
                      Main Image
                    </Tag>
                  ) : (
                    <Button size="small" block onClick={() => setMain(url)}>
                      Set as Main Image
                    </Button>
                  )}
                </Flex>
              </Card>
            );
          })}
          {videos.map((url) => {
            const name = nameOf(url);
            return (
              <Card key={url} size="small" style={{ width: MEDIA_TILE_SIZE + 86 }} styles={{ body: { padding: 8 } }} cover={<MediaPreview item={{ kind: 'video', url, name }} />} data-testid="product-video">
                <Flex gap={4} align="center" justify="space-between">
                  <Typography.Text ellipsis={{ tooltip: name }} style={{ fontSize: 12, minWidth: 0 }}>
                    {name}
                  </Typography.Text>
                  <Tooltip title="Remove from this product">
                    <Button type="text" size="small" icon={<CloseOutlined />} aria-label={`Remove ${name}`} onClick={() => set({ ...media, videos: videos.filter((other) => other !== url) })} />
                  </Tooltip>
                </Flex>
              </Card>
            );
          })}
        </Flex>
      )}
      <SelectMediaModal
        open={librarySku !== null}
        sku={librarySku ?? ''}
        initial={chosenOfProduct(media)}
        onCancel={() => setLibrarySku(null)}
        onSubmit={(chosen) => {
          set(productMediaOf(chosen));
          setLibrarySku(null);
        }}
      />
    </Flex>
  );
}
