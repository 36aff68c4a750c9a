import { DeleteOutlined, PoundOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { countActiveFilters } from '@facet/contract/list-query';
import { MESSAGES } from '@facet/contract/messages';
import type { ProductListRow } from '@facet/contract/modules/products/product.schema';
import { productBulkList, productListQuery } from '@facet/contract/modules/products/product.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { App, Button, Card, Flex, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useBulkActions } from '../../ui/bulk-actions.tsx';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { ExportButton, withoutPaging } from '../../ui/export-button.tsx';
import { FilterPanel, FiltersToggle } from '../../ui/filter-panel.tsx';
import type { FilterInputProps } from '../../ui/filter-select.tsx';
import { FilterSelect } from '../../ui/filter-select.tsx';
import type { ListSorting } from '../../ui/list-columns.tsx';
import { dateColumn, RowActionButtons, StatusSwitch, withServerSorting } from '../../ui/list-columns.tsx';
import { tableLoadingState } from '../../ui/loading-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Thumbnail } from '../../ui/thumbnail.tsx';
import type { ListReturnState } from '../../ui/resource-paths.ts';
import { editPathOf } from '../../ui/resource-paths.ts';
import { listPagination, tableChangeToQuery, useListQuery } from '../../ui/use-list-query.ts';
import { useRowChanges } from '../../ui/use-record-changes.ts';
import { SyncProductsButton } from '../cache/sync-products-button.tsx';
import { CategoryTreeSelect } from '../categories/category-tree-select.tsx';
import { productApi, productKeys, useAttributeSetsWithProducts, useVendors } from './product.api.ts';
import { productImportPaths } from '../product-import/product-import.paths.ts';
import { productPaths } from './product.paths.ts';
import { productPricePaths } from '../product-prices/product-price.paths.ts';

/** The bar's bulk actions; deletes are the spec's Delete Selected and Delete All buttons. */
const BAR_ACTIONS = { barActions: ['status', 'export'] } as const;

/** The server's order when the URL names none (newest first); the columns show it. */
const SORTING: ListSorting = { sortable: productListQuery.sortable, defaultSort: { field: 'createdAt', order: 'desc' } };
const PAGE_SIZES = [20, 50, 100];
const VARIANT_EDIT_REASON = 'A variant is edited in its parent product.';

/**
 * The product list (document 2 §2): server paging by 20, the spec's filters in the URL under its
 * own names (page, sku, name, aid, pricefrom, priceto, cid, vendor, status), so a return from the
 * form (Back, Cancel, a save) or a reload shows the same page; the status switch and deletes with the
 * spec's confirmations; row checkboxes for Delete Selected, and Delete All.
 * Sync Products rebuilds the products cache (a job, in place); Update Price opens the price sheet upload.
 */
export default function ProductListPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const [query, changeQuery, params] = useListQuery(productListQuery.schema);
  const filters = productListQuery.filters;
  const activeFilters = countActiveFilters(filters, query);
  // Open when the list comes back filtered (Back, Cancel, reload), so what narrows it is in view.
  const [isFilterOpen, setFilterOpen] = useState(activeFilters > 0);

  // The API gets the URL's own (validated) parameters: the same text the route's schema reads.
  const apiQuery = { ...params, page: query.page, pageSize: query.pageSize };
  const list = useQuery({ queryKey: productKeys.list(apiQuery), queryFn: () => productApi.list(apiQuery), placeholderData: keepPreviousData });
  const items = list.data?.items ?? [];

  // The list's bulk actions: Set status and Export in the bar; Delete Selected and Delete All are the spec's own buttons.
  const bulk = useBulkActions<ProductListRow>(
    productBulkList,
    withoutPaging(params),
    { pageIds: items.map((item) => item.id), total: list.data?.total ?? 0, isTotalCapped: list.data?.totalIsCapped === true },
    // A variant shares its parent's name: the SKU tells their checkboxes apart.
    (product) => `${product.name} ${product.sku}`,
    BAR_ACTIONS,
  );

  const changes = useRowChanges<ProductListRow>(productApi, productKeys.all);
  const reportFailure = (error: unknown) => {
    if (isWorthReporting(error)) void message.warning(failureMessage(error));
  };
  // Deleting every row of a page moves back a page rather than showing an empty one.
  const afterDelete = (count: number) => {
    if (count >= items.length && query.page > 1) changeQuery({ page: query.page - 1 });
  };

  // The form gets the list's query string (spec: the edit screen carries the list's parameters), and
  // the same string as location state, so Back, Cancel and a save return to this very page.
  const returnState: ListReturnState = { listSearch: location.search };
  const openForm = (path: string) => void navigate(`${path}${location.search}`, { state: returnState });

  // Delete Selected: the ticked rows, or all the filters select, as the list's bulk job.
  const deleteSelected = () => {
    if (bulk.isSelectionEmpty) {
      void message.warning(MESSAGES.selectAtLeastOne);
      return;
    }
    const noun = bulk.selectedCount === '1' ? 'product' : 'products';
    bulk.confirm({
      title: MESSAGES.deleteConfirmTitle,
      content: `${bulk.selectedCount} selected ${noun} (with their variants) will be deleted. ${MESSAGES.deleteConfirmText}`,
      okText: 'Delete',
      cancelText: 'Cancel',
      isDanger: true,
      request: { action: 'delete' },
    });
  };

  // Delete All removes every product, whatever the filters show: the dialog says how many first.
  const deleteAll = async () => {
    let total: number;
    let isCapped: boolean;
    try {
      const everything = await productApi.list({ page: 1, pageSize: 1 });
      total = everything.total;
      isCapped = everything.totalIsCapped === true;
    } catch (error) {
      reportFailure(error);
      return;
    }
    if (total === 0) {
      void message.info('There are no products to delete.');
      return;
    }
    const count = `${isCapped ? 'More than ' : ''}${total.toLocaleString('en-GB')}`;
    bulk.confirm({
      title: 'Delete all products?',
      content: `All ${count} ${total === 1 ? 'product' : 'products'} (variants included) will be deleted, not only those shown. ${MESSAGES.deleteConfirmText}`,
      okText: 'Delete All',
      cancelText: 'Cancel',
      isDanger: true,
      request: { action: 'delete' },
      scope: 'everything',
    });
  };

  const columns: TableColumnsType<ProductListRow> = [
    {
      title: 'Image',
      key: 'image',
      width: 80,
      render: (_: unknown, row: ProductListRow) => <Thumbnail src={row.baseImage} alt={row.name} />,
    },
    ...withServerSorting<ProductListRow>(
      [
        { title: 'Model Number', dataIndex: 'sku', key: 'sku' },
        {
          title: 'Name',
          dataIndex: 'name',
          key: 'name',
          render: (name: string, row: ProductListRow) =>
            row.parentProductId === null ? (
              name
            ) : (
              <Flex vertical>
                <span>{name}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Variant
                </Typography.Text>
              </Flex>
            ),
        },
        { title: 'Attribute Set', dataIndex: 'attributeSetName', key: 'attributeSetName' },
        dateColumn<ProductListRow>('Created Date', 'createdAt'),
      ],
      SORTING,
      query,
    ),
    {
      title: 'Status',
      key: 'status',
      width: 130,
      render: (_: unknown, row: ProductListRow) => <StatusSwitch isActive={row.status} onToggle={() => changes.confirmStatusChange(row)} />,
    },
    {
      title: 'Action',
      key: 'action',
      width: 110,
      render: (_: unknown, row: ProductListRow) => (
        <RowActionButtons
          // Spec: a product with a parent (a variant) is not edited from the list.
          rules={row.parentProductId === null ? {} : { edit: { disabledReason: VARIANT_EDIT_REASON } }}
          onEdit={() => openForm(editPathOf(productPaths, row.id))}
          onDelete={() => changes.confirmDelete(row, () => afterDelete(1))}
        />
      ),
    },
  ];

  const handleTableChange = tableChangeToQuery<ProductListRow>(changeQuery);

  return (
    <>
      <PageHeader
        title="Products"
        extra={
          <>
            <Button icon={<UploadOutlined />} onClick={() => void navigate(productImportPaths.page)}>
              Import Excel
            </Button>
            <ExportButton onExport={() => productApi.exportExcel(withoutPaging(params))} />
            <Button icon={<PoundOutlined />} onClick={() => void navigate(productPricePaths.page)}>
              Update Price
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(productPaths.add)}>
              Add Products
            </Button>
          </>
        }
      />
      <Card>
        <Flex justify="space-between" align="center" gap={16} wrap style={{ marginBottom: 16 }}>
          <Flex align="center" gap={8} wrap>
            <Button danger icon={<DeleteOutlined />} onClick={deleteSelected}>
              Delete Selected
            </Button>
            <Button danger onClick={() => void deleteAll()}>
              Delete All
            </Button>
            <SyncProductsButton label="Sync Products" />
          </Flex>
          <FiltersToggle isOpen={isFilterOpen} activeCount={activeFilters} onToggle={() => setFilterOpen((open) => !open)} />
        </Flex>
        {isFilterOpen && (
          <FilterPanel
            filters={filters}
            schema={productListQuery.schema}
            query={query}
            onApply={(filterParams) => changeQuery({ ...filterParams, page: undefined })}
            inputs={{
              cid: <CategoryTreeSelect multiple isDiamondHidden allowClear aria-label="Category" placeholder="Any category" maxTagCount="responsive" popupMatchSelectWidth={360} />,
              aid: <AttributeSetSelect />,
              vendor: <VendorSelect />,
            }}
          />
        )}
        {bulk.bar}
        <Table<ProductListRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={items}
          rowSelection={bulk.rowSelection}
          {...tableLoadingState(list.isFetching)}
          onChange={handleTableChange}
          scroll={{ x: 'max-content' }}
          pagination={listPagination(query, list.data, PAGE_SIZES)}
        />
      </Card>
    </>
  );
}

/** The attribute sets that have products (the server's lookup), any number of them. */
function AttributeSetSelect(props: FilterInputProps) {
  const sets = useAttributeSetsWithProducts();
  const options = useMemo(() => (sets.data ?? []).map((set) => ({ value: set.id, label: set.name })), [sets.data]);
  return <FilterSelect {...props} mode="multiple" maxTagCount="responsive" label="Attribute Set" options={options} lookup={sets} />;
}

/** The vendors: the shop's own name first, then the vendor attribute's options. */
function VendorSelect(props: FilterInputProps) {
  const vendors = useVendors();
  const options = useMemo(() => {
    if (!vendors.data) return [];
    const names = [vendors.data.defaultVendor, ...vendors.data.items.map((item) => item.name)];
    return [...new Set(names)].map((name) => ({ value: name, label: name }));
  }, [vendors.data]);
  return <FilterSelect {...props} label="Vendor" options={options} lookup={vendors} />;
}
