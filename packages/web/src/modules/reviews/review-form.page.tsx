import { RATING_MAX, REVIEW_STATUS, REVIEW_TEXT_MAX, REVIEW_TITLE_MAX, REVIEW_TYPE_LABELS, reviewResource } from '@facet/contract/modules/reviews/review.schema';
import type { ReviewRecord } from '@facet/contract/modules/reviews/review.schema';
import { Descriptions, Input, Rate, Select } from 'antd';
import { formatDateTime } from '../../ui/format.ts';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { reviewPaths } from './review.paths.ts';

/** Form fields named by reviewResource's input. */
const Field = formFieldOf(reviewResource);

const STATUS_OPTIONS = REVIEW_STATUS.states.map((state) => ({ value: state, label: REVIEW_STATUS.labels[state] }));

/** What the review is about and who wrote it: read only, as the storefront sent them. */
function ReviewFacts({ record }: { record: ReviewRecord }) {
  return (
    <Descriptions
      size="small"
      column={2}
      style={{ marginBottom: 24 }}
      items={[
        { key: 'product', label: 'Product', children: record.productName },
        { key: 'sku', label: 'SKU', children: record.sku },
        { key: 'type', label: 'Type', children: REVIEW_TYPE_LABELS[record.type] },
        { key: 'author', label: 'Author', children: record.email ? `${record.name} (${record.email})` : record.name },
        { key: 'date', label: 'Date', children: formatDateTime(record.createdAt) },
      ]}
    />
  );
}

/**
 * Marketing > Reviews > Edit (document 3 §2.11, §5): title (max 255), review text (max 1000), rating
 * (0 to 5 in half steps) and status (required; a review without one shows as Pending).
 */
export default function ReviewFormPage() {
  return (
    <ResourceFormPage
      resource={reviewResource}
      paths={reviewPaths}
      titles={{ add: 'Review', edit: 'Edit Review' }}
      toFormValues={(record) => ({ ...record, status: record.status || 'pending' })}
    >
      {(record) => (
        <>
          {record && <ReviewFacts record={record as ReviewRecord} />}
          <Field name="title" label="Title">
            <Input maxLength={REVIEW_TITLE_MAX} />
          </Field>
          <Field name="review" label="Review">
            <Input.TextArea rows={5} maxLength={REVIEW_TEXT_MAX} showCount />
          </Field>
          <Field name="rating" label="Rating" required extra="0 to 5 stars, in half stars.">
            <Rate allowHalf count={RATING_MAX} aria-label="Rating" />
          </Field>
          <Field name="status" label="Status" required>
            <Select options={STATUS_OPTIONS} placeholder="Select" />
          </Field>
        </>
      )}
    </ResourceFormPage>
  );
}
