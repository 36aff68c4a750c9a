import { ThunderboltOutlined } from '@ant-design/icons';
import { MESSAGES } from '@facet/contract/messages';
import type { ChosenMedia } from '@facet/contract/modules/product-media/apply-media';
import { receivesMedia } from '@facet/contract/modules/product-media/apply-media';
import type { ProductFormAttribute } from '@facet/contract/modules/products/product.schema';
import { App, Button, Col, Empty, Flex, Form, Row, Select, Space, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { NumberInput } from '../../../ui/number-input.tsx';
import { FormField } from '../../../ui/schema-form.tsx';
import { isLibrarySku } from '../media/product-media.api.ts';
import type { ApplyOptionChoice } from '../media/apply-image-to-dialog.tsx';
import { ApplyImageToDialog } from '../media/apply-image-to-dialog.tsx';
import { SelectMediaModal } from '../media/select-media-modal.tsx';
import type { VariantStore } from './variant-store.ts';
import { useVariantOrder, useVariantRevision } from './variant-store.ts';
import type { ChosenOptions } from './variants.ts';
import { chosenOptionsOf, defaultGroupBy, generateVariants } from './variants.ts';
import type { AttributeLookup } from './variant-table.tsx';
import { VariantTable } from './variant-table.tsx';

/** Counts for the section's header; re-renders on every change, but it is a line of text. */
function VariantSummary({ store }: { store: VariantStore }) {
  useVariantRevision(store);
  const rows = store.all();
  const removed = rows.filter((row) => row.removed).length;
  return (
    <Flex vertical>
      <Typography.Text type="secondary" data-testid="variant-summary">
        {rows.length - removed} variant{rows.length - removed === 1 ? '' : 's'}
        {removed ? `, ${removed} removed (Undo restores them until you save)` : ''}
      </Typography.Text>
      {/* Every variant removed: the save would be refused with this, so say it before. */}
      {rows.length > 0 && removed === rows.length && (
        <Typography.Text type="danger" data-testid="variations-not-found">
          {MESSAGES.productVariationsNotFound}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** A price for every live variant at once: a 400-variant product should not take 400 edits. */
function PriceForAll({ store }: { store: VariantStore }) {
  const [price, setPrice] = useState<number | null>(null);
  return (
    <Space.Compact>
      <NumberInput decimals={2} prefix="£" placeholder="Price for all" aria-label="Price for all variants" value={price} onChange={setPrice} style={{ width: 160 }} />
      <Button disabled={price === null} onClick={() => store.updateMany((row) => (row.removed || row.price === price ? row : { ...row, price }))}>
        Apply to all
      </Button>
    </Space.Compact>
  );
}

interface ConfigurationsSectionProps {
  store: VariantStore;
  /** Every attribute the form knows (with its group in the chosen set). */
  attributes: readonly ProductFormAttribute[];
  lookup: AttributeLookup;
  hasSet: boolean;
}

/**
 * Configurations (document 2 §2, §3, §9): choose options of the set's configurable attributes,
 * Generate every combination (a variant each, with its system SKU), Group By one attribute, and per
 * variant its SKU, model number, price (required), images and video, Remove with Undo.
 */
export function ConfigurationsSection({ store, attributes, lookup, hasSet }: ConfigurationsSectionProps) {
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const order = useVariantOrder(store);
  const [chosen, setChosen] = useState<ChosenOptions[]>(() => chosenOptionsOf(store.all()));
  const usedAttributeIds = new Set(store.all().flatMap((row) => row.options.map((option) => option.attributeId)));
  const configurable = attributes.filter((attribute) => attribute.isConfigurable && (attribute.groupName !== null || usedAttributeIds.has(attribute.id)));

  // The attributes the live variants have, in their options' order: Group By chooses among these.
  const firstLive = order.map((key) => store.getRow(key)!).find((row) => !row.removed);
  const variantAttributeIds = firstLive?.options.map((option) => option.attributeId) ?? [];
  const codes = variantAttributeIds.map((id) => lookup.get(id)?.code ?? '').filter(Boolean);
  const groupByCode = Form.useWatch('variationGroupByProperty') as string | undefined;
  const effectiveGroupBy = defaultGroupBy(groupByCode ?? '', codes);
  useEffect(() => {
    if ((groupByCode ?? '') !== effectiveGroupBy) form.setFieldValue('variationGroupByProperty', effectiveGroupBy);
  }, [form, groupByCode, effectiveGroupBy]);
  const groupByAttributeId = variantAttributeIds.find((id) => lookup.get(id)?.code === effectiveGroupBy);

  const optionIdsOf = (attributeId: number) => chosen.find((entry) => entry.attributeId === attributeId)?.optionIds ?? [];
  const choose = (attributeId: number, optionIds: number[]) => setChosen((current) => [...current.filter((entry) => entry.attributeId !== attributeId), { attributeId, optionIds }]);

  const generate = () => {
    const mainSku = String(form.getFieldValue('sku') ?? '').trim();
    if (!mainSku) {
      void message.warning('Enter the Model Number first: variant SKUs start with it.');
      return;
    }
    // In the order the attributes are offered, so combinations read metal, then size...
    const picked = configurable.map((attribute) => ({ attributeId: attribute.id, optionIds: optionIdsOf(attribute.id) }));
    if (!picked.some((entry) => entry.optionIds.length)) {
      void message.warning('Choose at least one option to generate variants.');
      return;
    }
    const price = form.getFieldValue('price') as number | null | undefined;
    store.setAll(generateVariants(store.all(), picked, mainSku, price ? price : null));
  };

  // Select Media, then Apply Image To?, from a variant's image slot.
  const [mediaFor, setMediaFor] = useState<string | null>(null);
  const [chosenMedia, setChosenMedia] = useState<ChosenMedia | null>(null);
  // The library is the product's: read the model number when the modal opens (watching it would re-render this section per keystroke).
  const [librarySku, setLibrarySku] = useState('');
  const openMedia = useCallback(
    (key: string) => {
      const mainSku = String(form.getFieldValue('sku') ?? '').trim();
      if (!isLibrarySku(mainSku)) {
        void message.warning('Enter a valid Model Number first: the media library is kept by it.');
        return;
      }
      setLibrarySku(mainSku);
      setChosenMedia(null);
      setMediaFor(key);
    },
    [form, message],
  );
  const mediaRow = mediaFor === null ? undefined : store.getRow(mediaFor);
  const applyChoices: ApplyOptionChoice[] = (mediaRow?.options ?? []).map((option) => {
    const attribute = lookup.get(option.attributeId);
    return { ...option, label: `${attribute?.name ?? 'Option'}: ${attribute?.options.get(option.optionId) ?? `#${option.optionId}`}` };
  });
  const initialMedia = useMemo(() => (mediaRow ? { baseImage: mediaRow.baseImage, otherImages: mediaRow.otherImages, video: mediaRow.video } : undefined), [mediaRow]);
  const closeMedia = () => {
    setMediaFor(null);
    setChosenMedia(null);
  };

  if (!hasSet) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Choose an attribute set first." />;

  return (
    <Flex vertical gap={16}>
      {configurable.length === 0 ? (
        <Typography.Text type="secondary">The chosen attribute set has no attributes that make variants.</Typography.Text>
      ) : (
        <>
          <Row gutter={[24, 12]}>
            {configurable.map((attribute) => (
              <Col xs={24} md={12} key={attribute.id}>
                <Flex vertical gap={4}>
                  <Typography.Text>{attribute.attributeName}</Typography.Text>
                  <Select<number[]>
                    mode="multiple"
                    allowClear
                    aria-label={`${attribute.attributeName} options`}
                    placeholder={`Choose ${attribute.attributeName} options`}
                    showSearch={{ optionFilterProp: 'label' }}
                    maxTagCount="responsive"
                    value={optionIdsOf(attribute.id)}
                    onChange={(optionIds) => choose(attribute.id, optionIds)}
                    options={attribute.options.map((option) => ({ value: option.id, label: option.value }))}
                  />
                </Flex>
              </Col>
            ))}
          </Row>
          <Flex gap={12} align="center" wrap>
            <Button type="primary" ghost icon={<ThunderboltOutlined />} onClick={generate}>
              Generate
            </Button>
            <Typography.Text type="secondary">Every combination of the chosen options; combinations no longer chosen are marked removed.</Typography.Text>
          </Flex>
        </>
      )}
      {order.length > 0 && (
        <>
          <Flex gap={16} align="end" justify="space-between" wrap>
            <Flex gap={16} align="end" wrap>
              <FormField name="variationGroupByProperty" label="Group By" style={{ marginBottom: 0, minWidth: 220 }}>
                <Select options={codes.map((code, index) => ({ value: code, label: lookup.get(variantAttributeIds[index]!)?.name ?? code }))} />
              </FormField>
              <VariantSummary store={store} />
            </Flex>
            <PriceForAll store={store} />
          </Flex>
          <VariantTable store={store} groupBy={groupByAttributeId} lookup={lookup} onOpenMedia={openMedia} />
        </>
      )}
      <SelectMediaModal
        open={mediaFor !== null && chosenMedia === null}
        sku={librarySku}
        initial={initialMedia}
        onCancel={closeMedia}
        onSubmit={setChosenMedia}
      />
      <ApplyImageToDialog
        open={chosenMedia !== null}
        options={applyChoices}
        onCancel={closeMedia}
        onApply={(target) => {
          const media = chosenMedia;
          const current = mediaFor;
          if (media && current !== null) {
            store.updateMany((row) =>
              !row.removed && receivesMedia({ ...row, optionKey: row.key }, current, target) ? { ...row, baseImage: media.baseImage, otherImages: [...media.otherImages], video: media.video } : row,
            );
          }
          closeMedia();
        }}
      />
    </Flex>
  );
}
