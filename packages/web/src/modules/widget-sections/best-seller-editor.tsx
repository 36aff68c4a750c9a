import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { MESSAGES } from '@facet/contract/messages';
import type { BestSellerEntry, BestSellerPreview } from '@facet/contract/modules/widget-sections/widget-section.schema';
import { BEST_SELLER_SKUS_MAX, previewName } from '@facet/contract/modules/widget-sections/widget-section.schema';
import { formatCurrency } from '../../ui/format.ts';
import { Button, Collapse, Empty, Flex, Input, List, Select, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { choicesLoadingState } from '../../ui/loading-state.tsx';
import { SortableList } from '../../ui/sortable-list.tsx';
import { Thumbnail } from '../../ui/thumbnail.tsx';
import { useBestSellerCategories, useBestSellerPreview } from './widget-section.api.ts';

interface BestSellerEditorProps {
  value?: BestSellerEntry[];
  onChange?: (value: BestSellerEntry[]) => void;
  id?: string;
}

let nextKey = 0;
const newKey = () => ++nextKey;

/**
 * The best-seller template's fields (document 3 §2.17): Select Category, then that category's child
 * SKUs as a list reordered by dragging, each with an X; Add Item until there are 20. The form's
 * value holds every category's list; the server checks the SKUs on Submit.
 */
export function BestSellerEditor({ value = [], onChange, id }: BestSellerEditorProps) {
  const categories = useBestSellerCategories();
  const [categoryId, setCategoryId] = useState<number | undefined>(value[0]?.categoryId);
  const entry = value.find((candidate) => candidate.categoryId === categoryId);
  const skus = entry?.skus ?? [];
  // Stable row keys for dragging, kept beside the SKUs of the category shown.
  const keys = useRef<number[]>([]);
  useEffect(() => {
    keys.current = skus.map(() => newKey());
    // Only a change of category starts the keys afresh; edits below keep them in step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [categoryId]);
  while (keys.current.length < skus.length) keys.current.push(newKey());

  const setSkus = (next: string[]) => {
    if (categoryId === undefined) return;
    const others = value.filter((candidate) => candidate.categoryId !== categoryId);
    // Categories stay in the template's order; a category without SKUs is left out.
    onChange?.((next.length ? [...others, { categoryId, skus: next }] : others).sort((a, b) => orderOf(a.categoryId) - orderOf(b.categoryId)));
  };
  const orderOf = (candidate: number) => {
    const index = (categories.data ?? []).findIndex((category) => category.id === candidate);
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };

  return (
    <Flex vertical gap={12} id={id}>
      <Flex gap={12} align="center" wrap>
        <Select<number>
          aria-label="Select Category"
          placeholder="Select Category"
          style={{ minWidth: 240 }}
          value={categoryId}
          onChange={setCategoryId}
          options={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name }))}
          {...choicesLoadingState(categories.isPending, categories.isError ? MESSAGES.somethingWentWrong : undefined)}
        />
        {categoryId !== undefined && skus.length < BEST_SELLER_SKUS_MAX && (
          <Button
            icon={<PlusOutlined />}
            onClick={() => {
              keys.current.push(newKey());
              setSkus([...skus, '']);
            }}
          >
            Add Item
          </Button>
        )}
      </Flex>
      <Typography.Text type="secondary">{MESSAGES.bestSellerCategoryNote}</Typography.Text>
      {categoryId !== undefined && (
        <SortableList
          items={skus.map((sku, index) => ({ sku, key: keys.current[index]! }))}
          keyOf={(item) => item.key}
          onMove={(from, to) => {
            const next = [...skus];
            const [moved] = next.splice(from, 1);
            next.splice(to, 0, moved!);
            const [movedKey] = keys.current.splice(from, 1);
            keys.current.splice(to, 0, movedKey!);
            setSkus(next);
          }}
          renderItem={(item, handle, index) => (
            <Flex gap={8} align="center" style={{ marginBottom: 8 }}>
              {handle}
              <Input
                aria-label={`Child SKU ${index + 1}`}
                placeholder="Child SKU"
                value={item.sku}
                onChange={(event) => setSkus(skus.map((sku, i) => (i === index ? event.target.value : sku)))}
                onBlur={() => setSkus(skus.map((sku) => sku.trim()))}
                status={item.sku.trim() ? undefined : 'error'}
                style={{ maxWidth: 360 }}
              />
              {!item.sku.trim() && <Typography.Text type="danger">{MESSAGES.required}</Typography.Text>}
              <Button
                type="text"
                danger
                icon={<CloseOutlined />}
                aria-label={`Remove child SKU ${index + 1}`}
                onClick={() => {
                  keys.current.splice(index, 1);
                  setSkus(skus.filter((_, i) => i !== index));
                }}
              />
            </Flex>
          )}
        />
      )}
    </Flex>
  );
}

/**
 * A best seller's price as the storefront sells it now: after the catalog price rule running, with the
 * regular price struck through beside it (the rule's name on hover) when a rule applies.
 */
function BestSellerPrice({ product }: { product: BestSellerPreview[number]['products'][number] }) {
  if (!product.priceRule) return <Typography.Text strong>{formatCurrency(product.price)}</Typography.Text>;
  return (
    <Flex gap={6} align="baseline" title={`Catalog price rule: ${product.priceRule.name}`}>
      <Typography.Text strong>{formatCurrency(product.price)}</Typography.Text>
      <Typography.Text type="secondary" delete aria-label={`Regular price ${formatCurrency(product.regularPrice)}`}>
        {formatCurrency(product.regularPrice)}
      </Typography.Text>
    </Flex>
  );
}

/** The accordion of each category's best sellers as the storefront shows them (image, name cut to 20, SKU, price after any running rule). */
export function BestSellerPreviewPanel({ sectionId }: { sectionId: number }) {
  const preview = useBestSellerPreview(sectionId);
  if (!preview.data?.length) return preview.isPending ? null : <Empty description="No best sellers saved yet" />;
  return (
    <Collapse
      items={preview.data.map((category) => ({
        key: category.categoryId,
        label: `${category.categoryName} (${category.products.length})`,
        children: (
          <List
            dataSource={category.products}
            renderItem={(product) => (
              <List.Item>
                <Flex gap={12} align="center">
                  <Thumbnail src={product.image} alt={product.name} />
                  <Flex vertical>
                    <Typography.Text title={product.name}>{previewName(product.name)}</Typography.Text>
                    <Typography.Text type="secondary">{product.sku}</Typography.Text>
                  </Flex>
                  <BestSellerPrice product={product} />
                </Flex>
              </List.Item>
            )}
          />
        ),
      }))}
    />
  );
}
