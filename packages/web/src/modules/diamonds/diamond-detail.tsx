import { DIAMOND_MESSAGES, UNPRICED_REASONS } from '@facet/contract/modules/diamonds/diamond.schema';
import type { DiamondRecord } from '@facet/contract/modules/diamonds/diamond.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Descriptions, Flex, Modal, Row, Spin, Typography } from 'antd';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { Thumbnail } from '../../ui/thumbnail.tsx';
import { diamondApi, diamondKeys } from './diamond.api.ts';
import { StoneStateTag } from './stone-tags.tsx';
import { formatFeedWords, formatPounds } from './diamond-format.ts';

/** How the price was reached, one step a line as the server worked it out (rate, then band, markup and fixed cost). */
function PriceWorking({ working }: { working: DiamondRecord['working'] }) {
  return (
    <Card size="small" title="Price working" styles={{ body: { paddingBlock: 12 } }}>
      <ol aria-label="Price working" style={{ margin: 0, paddingInlineStart: 20 }}>
        {working.steps.map((step, index) => (
          <li key={index} style={{ fontVariantNumeric: 'tabular-nums', marginBottom: 4 }}>
            {step}
          </li>
        ))}
      </ol>
      {working.price === null ? (
        <Alert style={{ marginTop: 8 }} type="warning" showIcon title={`Not for sale: ${UNPRICED_REASONS[working.unpricedReason ?? 'no_band']}.`} />
      ) : (
        <Typography.Text strong style={{ display: 'block', marginTop: 8 }}>
          Price: {formatPounds(working.price)}
        </Typography.Text>
      )}
    </Card>
  );
}

/** Rows holding the feed's own words, written in capitals by the feed ('SLIGHTLY THICK'): shown in title case. */
const FEED_WORD_ROWS = new Set(['Type', 'Shape', 'Color', 'Clarity', 'Cut', 'Polish', 'Symmetry', 'Fluorescence', 'Girdle', 'Availability']);

/** A stone's detail: image, its title/value rows (document 2 §3 attribute_options) and the price's working. */
export function DiamondDetails({ diamond }: { diamond: DiamondRecord }) {
  // The working sits under the image, beside the rows (two a line), so the whole stone fits one screen.
  return (
    <Row gutter={[20, 16]}>
      <Col xs={24} lg={9}>
        <Flex vertical gap={16}>
          <Flex vertical gap={8} align="center">
            <Thumbnail src={diamond.image} alt={diamond.name} size={140} />
            {diamond.video && (
              <Typography.Link href={diamond.video} target="_blank" rel="noopener noreferrer">
                Watch video
              </Typography.Link>
            )}
          </Flex>
          <PriceWorking working={diamond.working} />
        </Flex>
      </Col>
      <Col xs={24} lg={15}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 2 }}
          styles={{ label: { width: 110 } }}
          items={diamond.attributes.map((row) => ({ key: row.title, label: row.title, children: FEED_WORD_ROWS.has(row.title) ? formatFeedWords(row.value) : row.value }))}
        />
      </Col>
    </Row>
  );
}

/**
 * Mark as sold / Add to Inventory behind the spec's dialogs ('Mark as Sold?', 'Revert Sold?'), then
 * the spec's toast; the lists and the detail show the stone as it now is.
 */
function useSoldSwitch() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  return (diamond: DiamondRecord) => {
    const isSold = !diamond.isSold;
    modal.confirm({
      title: isSold ? DIAMOND_MESSAGES.markAsSoldTitle : DIAMOND_MESSAGES.revertSoldTitle,
      content: isSold ? `${diamond.name} (SKU ${diamond.sku}) will show as Sold Out.` : `${diamond.name} (SKU ${diamond.sku}) will be back in the inventory, for sale.`,
      okText: 'Yes',
      cancelText: 'No',
      onOk: () =>
        diamondApi.setSold(diamond.id, isSold).then(
          async (answer) => {
            queryClient.setQueryData(diamondKeys.detail(diamond.id), answer.diamond);
            void message.success(answer.message);
            await queryClient.invalidateQueries({ queryKey: [...diamondKeys.all, 'list'] });
          },
          (error: unknown) => {
            if (isWorthReporting(error)) void message.warning(failureMessage(error));
          },
        ),
    });
  };
}

/** The Mark as sold / Add to Inventory button of a stone. */
export function SoldSwitchButton({ diamond }: { diamond: DiamondRecord }) {
  const switchSold = useSoldSwitch();
  return (
    <Button type={diamond.isSold ? 'default' : 'primary'} danger={!diamond.isSold} onClick={() => switchSold(diamond)}>
      {diamond.isSold ? 'Add to Inventory' : 'Mark as sold'}
    </Button>
  );
}

/** The View modal of the list (document 2 §2): title/value rows, the Sold Out badge, Mark as sold or Add to Inventory. */
export function DiamondDetailModal({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useQuery({ queryKey: diamondKeys.detail(id), queryFn: () => diamondApi.get(id) });
  const diamond = detail.data;
  return (
    <Modal
      open
      width={1040}
      onCancel={onClose}
      title={
        diamond ? (
          <Flex align="center" gap={8} wrap>
            <span>{formatFeedWords(diamond.name)}</span>
            <StoneStateTag stone={diamond} />
          </Flex>
        ) : (
          'Diamond'
        )
      }
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Close</Button>
          {diamond && <SoldSwitchButton diamond={diamond} />}
        </Flex>
      }
    >
      {diamond ? (
        <DiamondDetails diamond={diamond} />
      ) : detail.isError ? (
        <Alert type="error" title="This stone could not be loaded." />
      ) : (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      )}
    </Modal>
  );
}
