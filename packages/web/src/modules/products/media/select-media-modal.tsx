import { SearchOutlined, StarFilled } from '@ant-design/icons';
import { MESSAGES } from '@facet/contract/messages';
import type { ChosenMedia } from '@facet/contract/modules/product-media/apply-media';
import { chosenMediaOf } from '@facet/contract/modules/product-media/apply-media';
import { MEDIA_SEARCH_MIN_LENGTH } from '@facet/contract/modules/product-media/product-media.schema';
import { Button, Card, Checkbox, Divider, Empty, Flex, Input, Modal, Radio, Spin, Tag, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { MEDIA_TILE_SIZE, MediaPreview } from './product-media-library.tsx';
import { useProductMedia } from './product-media.api.ts';

interface SelectMediaModalProps {
  open: boolean;
  /** The product's model number: the library to pick from. */
  sku: string;
  /** What the variant holds now: preselected when the modal opens. */
  initial?: ChosenMedia;
  onCancel: () => void;
  /** The images chosen (the main one first as `baseImage`) and the video; the caller then asks 'Apply Image To?'. */
  onSubmit: (chosen: ChosenMedia) => void;
}

/** How long typing rests before the search is sent (the spec's list debounce is 1 s; a picker answers sooner). */
const SEARCH_DEBOUNCE_MS = 400;

/**
 * 'Select Media' (document 2 §2, §5): the product's library with a search that applies from 2
 * characters, Select All, a grid of images with a checkbox and Set as Main Image each, the videos to
 * choose one from, and Submit. The spec's empty texts where the library has no images or no videos.
 */
export function SelectMediaModal({ open, sku, initial, onCancel, onSubmit }: SelectMediaModalProps) {
  const { token } = theme.useToken();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [main, setMain] = useState<string | null>(null);
  const [video, setVideo] = useState<string | null>(null);
  const images = useProductMedia(sku, { kind: 'image', search });
  const videos = useProductMedia(sku, { kind: 'video', search });

  // Each opening starts from what the variant holds (adjusted while rendering, so a parent passing a
  // new `initial` object on every render does not undo the staff's choices).
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setTyped('');
      setSearch('');
      setSelected(initial ? [initial.baseImage, ...initial.otherImages].filter(Boolean) : []);
      setMain(initial?.baseImage || null);
      setVideo(initial?.video || null);
    }
  }

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const shownImages = images.data ?? [];
  const shownUrls = shownImages.map((image) => image.url);
  const allShownSelected = shownUrls.length > 0 && shownUrls.every((url) => selected.includes(url));
  const someShownSelected = shownUrls.some((url) => selected.includes(url));

  const toggle = (url: string, isChecked: boolean) => {
    setSelected((all) => (isChecked ? [...all.filter((other) => other !== url), url] : all.filter((other) => other !== url)));
    if (!isChecked && main === url) setMain(null);
  };
  const selectAll = (isChecked: boolean) => {
    setSelected((all) => (isChecked ? [...all, ...shownUrls.filter((url) => !all.includes(url))] : all.filter((url) => !shownUrls.includes(url))));
    if (!isChecked && main && shownUrls.includes(main)) setMain(null);
  };
  const setAsMain = (url: string) => {
    setMain(url);
    setSelected((all) => (all.includes(url) ? all : [...all, url]));
  };

  return (
    <Modal
      open={open}
      title="Select Media"
      width={960}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          Cancel
        </Button>,
        <Button key="submit" type="primary" onClick={() => onSubmit(chosenMediaOf(selected, main, video))}>
          Submit
        </Button>,
      ]}
    >
      <Flex vertical gap={16}>
        <Flex gap={16} align="center" wrap>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder="Search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            style={{ maxWidth: 320 }}
            aria-label="Search media"
          />
          {typed.trim().length > 0 && typed.trim().length < MEDIA_SEARCH_MIN_LENGTH && <Typography.Text type="secondary">Type at least {MEDIA_SEARCH_MIN_LENGTH} characters to search.</Typography.Text>}
          <Checkbox checked={allShownSelected} indeterminate={someShownSelected && !allShownSelected} disabled={!shownUrls.length} onChange={(event) => selectAll(event.target.checked)}>
            Select All
          </Checkbox>
        </Flex>

        <Typography.Title level={5} style={{ margin: 0 }}>
          Images
        </Typography.Title>
        <Spin spinning={images.isFetching}>
          {shownImages.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MESSAGES.noImagesOnAws} />
          ) : (
            <Flex wrap gap={12} style={{ maxHeight: 420, overflowY: 'auto' }}>
              {shownImages.map((image) => {
                const isSelected = selected.includes(image.url);
                const isMain = main === image.url;
                return (
                  <Card
                    key={image.id}
                    size="small"
                    style={{ width: MEDIA_TILE_SIZE + 26, borderColor: isSelected ? token.colorPrimary : undefined }}
                    styles={{ body: { padding: 8 } }}
                    cover={<MediaPreview item={image} />}
                    data-testid="select-media-image"
                  >
                    <Flex vertical gap={6}>
                      <Checkbox checked={isSelected} onChange={(event) => toggle(image.url, event.target.checked)}>
                        <Typography.Text ellipsis={{ tooltip: image.name }} style={{ fontSize: 12, maxWidth: MEDIA_TILE_SIZE - 30 }}>
                          {image.name}
                        </Typography.Text>
                      </Checkbox>
                      {isMain ? (
                        <Tag color="gold" icon={<StarFilled />} style={{ marginInlineEnd: 0, textAlign: 'center' }}>
                          Main Image
                        </Tag>
                      ) : (
                        <Button size="small" block onClick={() => setAsMain(image.url)}>
                          Set as Main Image
                        </Button>
                      )}
                    </Flex>
                  </Card>
                );
              })}
            </Flex>
          )}
        </Spin>

        <Divider style={{ margin: 0 }} />
        <Typography.Title level={5} style={{ margin: 0 }}>
          Videos
        </Typography.Title>
        <Spin spinning={videos.isFetching}>
          {(videos.data ?? []).length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MESSAGES.noVideosOnAws} />
          ) : (
            <Radio.Group value={video ?? ''} onChange={(event) => setVideo((event.target.value as string) || null)} style={{ width: '100%' }}>
              <Radio value="" style={{ marginBottom: 12 }}>
                No video
              </Radio>
              <Flex wrap gap={12}>
                {(videos.data ?? []).map((clip) => (
                  <Card key={clip.id} size="small" style={{ width: MEDIA_TILE_SIZE + 86 }} styles={{ body: { padding: 8 } }} cover={<MediaPreview item={clip} />}>
                    <Radio value={clip.url}>
                      <Typography.Text ellipsis={{ tooltip: clip.name }} style={{ fontSize: 12, maxWidth: MEDIA_TILE_SIZE + 30 }}>
                        {clip.name}
                      </Typography.Text>
                    </Radio>
                  </Card>
                ))}
              </Flex>
            </Radio.Group>
          )}
        </Spin>
      </Flex>
    </Modal>
  );
}
