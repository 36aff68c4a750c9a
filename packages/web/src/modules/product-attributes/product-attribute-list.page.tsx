import { MESSAGES } from '@facet/contract/messages';
import { productAttributeResource, SYSTEM_ATTRIBUTE_CODES } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import { Typography } from 'antd';
import type { RowActionRules } from '../../ui/list-columns.tsx';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { RecordOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { productAttributePaths } from './product-attribute.paths.ts';

type AttributeRow = RecordOf<typeof productAttributeResource>;

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** Spec: an attribute in use cannot be deleted; the control is disabled with a tooltip. */
function deleteRule(attribute: AttributeRow): RowActionRules {
  if (SYSTEM_ATTRIBUTE_CODES.includes(attribute.attributeCode)) return { delete: { disabledReason: MESSAGES.systemAttribute } };
  if (attribute.inUse) return { delete: { disabledReason: 'This attribute or one of its options is in use; it cannot be deleted.' } };
  return {};
}

export default function ProductAttributeListPage() {
  return (
    <ResourceListPage
      resource={productAttributeResource}
      paths={productAttributePaths}
      title="Single Attribute"
      searchPlaceholder="Search attribute name or code"
      columns={[
        { title: 'Attribute Name', dataIndex: 'attributeName' },
        { title: 'Attribute Code', dataIndex: 'attributeCode', render: (code: string) => <Typography.Text code>{code}</Typography.Text> },
        { title: 'Required', dataIndex: 'isRequired', render: yesNo },
        { title: 'Searchable', dataIndex: 'useInSearch', render: yesNo },
        { title: 'Visible', dataIndex: 'showInStorefront', render: yesNo },
        dateColumn<AttributeRow>('Created Date', 'createdAt'),
      ]}
      rowActions={deleteRule}
    />
  );
}
