import { EyeOutlined } from '@ant-design/icons';
import { countActiveFilters } from '@facet/contract/list-query';
import { diamondBulkList, diamondListQuery } from '@facet/contract/modules/diamonds/diamond.schema';
import type { DiamondListRow, DiamondUnpricedCount } from '@facet/contract/modules/diamonds/diamond.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Alert, Button, Card, Flex, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useBulkActions } from '../../ui/bulk-actions.tsx';
import { withoutPaging } from '../../ui/export-button.tsx';
import { FilterPanel, FiltersToggle } from '../../ui/filter-panel.tsx';
import type { ListSorting } from '../../ui/list-columns.tsx';
import { dateColumn, withServerSorting } from '../../ui/list-columns.tsx';
import { tableLoadingState } from '../../ui/loading-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Thumbnail } from '../../ui/thumbnail.tsx';
import { listPagination, tableChangeToQuery, useListQuery } from '../../ui/use-list-query.ts';
import { diamondApi, diamondKeys } from './diamond.api.ts';
import { DiamondDetailModal } from './diamond-detail.tsx';
import type { ListDefaults } from './diamond-filters.ts';
import { apiParamsOf, panelFiltersOf, panelQueryOf, stoneTypeOf, UNPRICED_CHANGE, urlParamsOfPanel } from './diamond-filters.ts';
import { formatCarat, formatFeedWords } from './diamond-format.ts';
import { StonePrice, StoneStateTag } from './stone-tags.tsx';

/** Newest first when the URL names no sort (the server's default); Price and Weight sort too. */
const SORTING: ListSorting = { sortable: diamondListQuery.sortable, defaultSort: { field: 'createdAt', order: 'desc' } };
const PAGE_SIZES = [20, 50, 100];
/** Below this the table scrolls sideways; above it the Name column wraps to fit. */
const TABLE_MIN_WIDTH = 1000;

interface DiamondListProps {
  /** The screen's title for each list (diamonds, gemstones). */
  titles: Record<'diamond' | 'gemstone', string>;
  /** Parameters the screen always sends (Sold Diamond: state=sold). */
  fixedParams?: Record<string, string>;
  defaults: ListDefaults;
  /** What an empty list says, by list. */
  emptyTexts: Record<'diamond' | 'gemstone', string>;
  extra?: ReactNode;
}

const formatCount = (count: number) => count.toLocaleString('en-GB');

/**
 * Stones without a price (no markup band for them, or no exchange rate) are not for sale, so the list
 * leaves them out unless asked: it says how many, with a link to the list filtered to them, and from
 * there a way back.
 */
function UnpricedNotice({ isUnpricedList, count, onShowUnpriced, onShowPriced }: { isUnpricedList: boolean; count: DiamondUnpricedCount | undefined; onShowUnpriced: () => void; onShowPriced: () => void }) {
  const link = (label: string, onClick: () => void) => (
    <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={onClick}>
      {label}
    </Button>
  );
  if (isUnpricedList) {
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="unpriced-notice"
        title={<>Showing stones without a price (no markup band or exchange rate): they are not for sale. {link('Show the stones for sale', onShowPriced)}</>}
      />
    );
  }
  if (!count?.total) return null;
  const total = `${formatCount(count.total)}${count.totalIsCapped ? '+' : ''}`;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="unpriced-notice"
      title={
        <>
          {total} {count.total === 1 && !count.totalIsCapped ? 'stone is' : 'stones are'} not listed: no price (no markup band or exchange rate). {link('Show them', onShowUnpriced)}
        </>
      }
    />
  );
}

/**
 * The stones list (document 2 §2): server paging by 20, the Filters panel (Type and Cut hidden for
 * gemstones; Price from shown as its default 1; Apply, Reset, Enter applies) and the page in the
 * URL, so Back and reload restore them; View opens the detail modal; the list's bulk Export of all
 * the stones its filters select.
 */
export function DiamondList({ titles, fixedParams, defaults, emptyTexts, extra }: DiamondListProps) {
  const [query, changeQuery, params] = useListQuery(diamondListQuery.schema);
  const type = stoneTypeOf(query);
  const filters = panelFiltersOf(type);
  const [isFilterOpen, setFilterOpen] = useState(true);
  const [openId, setOpenId] = useState<number | null>(null);

  const apiQuery = { ...apiParamsOf(type, params, defaults, fixedParams), page: query.page, pageSize: query.pageSize };
  const list = useQuery({ queryKey: diamondKeys.list(apiQuery), queryFn: () => diamondApi.list(apiQuery), placeholderData: keepPreviousData });
  // The stones this list leaves out for want of a price, under its filters: a count and a link to them.
  const isUnpricedList = query.pricing?.includes('unpriced') ?? false;
  const unpricedQuery = apiParamsOf(type, params, defaults, fixedParams);
  const unpriced = useQuery({ queryKey: diamondKeys.unpricedCount(unpricedQuery), queryFn: () => diamondApi.unpricedCount(unpricedQuery), enabled: !query.pricing });
  const items = list.data?.items ?? [];
  // The list's bulk action, Export, of every stone the list's filters select (its defaults included).
  const bulk = useBulkActions<DiamondListRow>(
    diamondBulkList,
    withoutPaging(unpricedQuery),
    { pageIds: items.map((item) => item.id), total: list.data?.total ?? 0, isTotalCapped: list.data?.totalIsCapped === true },
    (stone) => `${stone.sku} ${formatFeedWords(stone.name)}`,
  );
  const panelQuery = panelQueryOf(query, defaults);
  // The panel's fields are filled once: drawn afresh when the address's filters change (Back, a menu link).
  const panelKey = JSON.stringify(apiParamsOf(type, { ...params, page: '', pageSize: '', sort: '', order: '' }, defaults));

  const columns: TableColumnsType<DiamondListRow> = [
    { title: 'Image', key: 'image', width: 80, render: (_: unknown, row: DiamondListRow) => <Thumbnail src={row.image} alt={row.name} /> },
    ...withServerSorting<DiamondListRow>(
      [
        { title: 'SKU', dataIndex: 'sku', key: 'sku' },
        {
          title: 'Certificate',
          dataIndex: 'certificate',
          key: 'certificate',
          render: (certificate: string | null, row: DiamondListRow) =>
            certificate ? (
              <Flex vertical>
                <span>{certificate}</span>
                {row.lab && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {row.lab}
                  </Typography.Text>
                )}
              </Flex>
            ) : (
              '-'
            ),
        },
        { title: 'Vendor', dataIndex: 'vendor', key: 'vendor', render: (vendor: string | null) => vendor ?? '-' },
        {
          title: 'Name',
          dataIndex: 'name',
          key: 'name',
          // The longest names ('1.86 ct Cushion Modified E VS1 Excellent Lab Grown Diamond') wrap rather than push Created Date and View off screen.
          width: 260,
          render: (name: string, row: DiamondListRow) => (
            <Flex align="center" gap={8} wrap>
              <span>{formatFeedWords(name)}</span>
              <StoneStateTag stone={row} />
            </Flex>
          ),
        },
        { title: 'Price (£)', dataIndex: 'price', key: 'price', align: 'right', width: 110, render: (_: unknown, row: DiamondListRow) => <StonePrice stone={row} /> },
        { title: 'Weight', dataIndex: 'carat', key: 'carat', align: 'right', width: 100, render: (carat: number) => formatCarat(carat) },
        dateColumn<DiamondListRow>('Created Date', 'createdAt'),
      ],
      SORTING,
      query,
    ),
    {
      title: 'View',
      key: 'view',
      width: 90,
      render: (_: unknown, row: DiamondListRow) => (
        <Button size="small" icon={<EyeOutlined />} aria-label={`View ${row.sku}`} onClick={() => setOpenId(row.id)}>
          View
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={titles[type]} extra={extra} />
      <Card>
        <Flex justify="flex-end" align="center" style={{ marginBottom: 16 }}>
          <FiltersToggle isOpen={isFilterOpen} activeCount={countActiveFilters(filters, query)} onToggle={() => setFilterOpen((open) => !open)} />
        </Flex>
        {isFilterOpen && (
          <FilterPanel
            key={panelKey}
            filters={filters}
            schema={diamondListQuery.schema}
            query={panelQuery}
            onApply={(filterParams) => changeQuery({ ...urlParamsOfPanel(filterParams, type, defaults), page: undefined })}
          />
        )}
        <UnpricedNotice
          isUnpricedList={isUnpricedList}
          count={unpriced.data}
          onShowUnpriced={() => changeQuery(UNPRICED_CHANGE)}
          onShowPriced={() => changeQuery({ pricing: undefined, page: undefined })}
        />
        {bulk.bar}
        <Table<DiamondListRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={items}
          rowSelection={bulk.rowSelection}
          {...tableLoadingState(list.isFetching, emptyTexts[type])}
          onChange={tableChangeToQuery<DiamondListRow>(changeQuery)}
          scroll={{ x: TABLE_MIN_WIDTH }}
          pagination={listPagination(query, list.data, PAGE_SIZES)}
        />
      </Card>
      {openId !== null && <DiamondDetailModal id={openId} onClose={() => setOpenId(null)} />}
    </>
  );
}
