import { attributeSetResource } from '@facet/contract/modules/attribute-sets/attribute-set.schema';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { RecordOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { attributeSetPaths } from './attribute-set.paths.ts';

type AttributeSetRow = RecordOf<typeof attributeSetResource>;

export default function AttributeSetListPage() {
  return (
    <ResourceListPage
      resource={attributeSetResource}
      paths={attributeSetPaths}
      title="Attribute Set"
      searchPlaceholder="Search name"
      // Spec column order: Name, Status, Created Date, Action.
      columns={[{ title: 'Name', dataIndex: 'name', key: 'name' }, dateColumn<AttributeSetRow>('Created Date', 'createdAt')]}
      statusAfter={1}
      // Spec: a set with products cannot be deleted; the control is disabled with the reason.
      rowActions={(set) => (set.inUse ? { delete: { disabledReason: 'Products use this attribute set; it cannot be deleted.' } } : {})}
    />
  );
}
