import { REVIEW_TYPE_LABELS, reviewResource } from '@facet/contract/modules/reviews/review.schema';
import type { ReviewType } from '@facet/contract/modules/reviews/review.schema';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { RecordOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { reviewPaths } from './review.paths.ts';

type ReviewRow = RecordOf<typeof reviewResource>;

/**
 * Marketing > Reviews (document 3 §2.11): product, SKU, type, author, title, rating, status (a choice of
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
      statusAfter={6}
      columns={[
        { title: 'Product', dataIndex: 'productName', key: 'productName' },
        { title: 'SKU', dataIndex: 'sku', key: 'sku' },
        { title: 'Type', dataIndex: 'type', key: 'type', render: (type: ReviewType) => REVIEW_TYPE_LABELS[type] },
        { title: 'Author', dataIndex: 'name', key: 'name' },
        { title: 'Title', dataIndex: 'title', key: 'title', render: (title: string) => title || '-' },
        { title: 'Rating', dataIndex: 'rating', key: 'rating', align: 'right', render: (rating: number) => `${rating} / 5` },
        dateColumn<ReviewRow>('Date', 'createdAt'),
      ]}
    />
  );
}
