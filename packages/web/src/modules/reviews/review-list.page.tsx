import { REVIEW_TYPE_LABELS, reviewResource } from '@facet/contract/modules/reviews/review.schema';
import type { ReviewType } from '@facet/contract/modules/reviews/review.schema';
import { Typography } from 'antd';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { RecordOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { reviewPaths } from './review.paths.ts';

type ReviewRow = RecordOf<typeof reviewResource>;

/**
 * Marketing > Reviews (document 3 §2.11): product (its SKU beneath), type, author, title, rating, status (a choice of
 * Pending, Approved, Rejected, changed from the list with a confirmation) and date; search; the Status
 * and Type filters; edit and delete.
 */
export default function ReviewListPage() {
  return (
    <ResourceListPage
      resource={reviewResource}
      paths={reviewPaths}
      title="Reviews"
      searchPlaceholder="Search product, SKU, author or title"
      rowLabel={(row) => `${row.productName}: ${row.title || row.name}`}
      statusAfter={5}
      columns={[
        {
          title: 'Product / SKU',
          dataIndex: 'productName',
          key: 'productName',
          width: 230,
          render: (name: string, row: ReviewRow) => (
            <>
              <Typography.Text ellipsis={{ tooltip: name }} style={{ display: 'block', maxWidth: 206 }}>
                {name}
              </Typography.Text>
              <Typography.Text type="secondary">{row.sku}</Typography.Text>
            </>
          ),
        },
        { title: 'Type', dataIndex: 'type', key: 'type', width: 80, render: (type: ReviewType) => REVIEW_TYPE_LABELS[type] },
        { title: 'Author', dataIndex: 'name', key: 'name', width: 110, ellipsis: true },
        { title: 'Title', dataIndex: 'title', key: 'title', width: 150, ellipsis: true, render: (title: string) => title || '-' },
        { title: 'Rating', dataIndex: 'rating', key: 'rating', width: 70, align: 'right', render: (rating: number) => `${rating} / 5` },
        { ...dateColumn<ReviewRow>('Date', 'createdAt'), width: 110 },
      ]}
    />
  );
}
