import { MAX_PAGE_SIZE } from '@facet/contract/api';
import type { AttributeSetAttribute, AttributeSetRecord } from '@facet/contract/modules/attribute-sets/attribute-set.schema';
import { attributeSetResource, DEFAULT_GROUP_NAME } from '@facet/contract/modules/attribute-sets/attribute-set.schema';
import { productAttributeResource } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import { useQuery } from '@tanstack/react-query';
import { Input } from 'antd';
import { resourceApi, resourceKeys } from '../../ui/resource-api.ts';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { AttributeGroupsField } from './attribute-groups-field.tsx';
import { attributeSetPaths } from './attribute-set.paths.ts';

/** Form fields named by attributeSetResource's input. */
const Field = formFieldOf(attributeSetResource);

/** Active attributes can be placed (document 2 §2); every shop's list fits in one page of the API. */
const ACTIVE_ATTRIBUTES = { page: 1, pageSize: MAX_PAGE_SIZE, status: 'active' as const };

function AttributeSetFields({ set }: { set: AttributeSetRecord | undefined }) {
  const active = useQuery({
    queryKey: resourceKeys.list(productAttributeResource, ACTIVE_ATTRIBUTES),
    queryFn: () => resourceApi(productAttributeResource).list(ACTIVE_ATTRIBUTES),
  });
  // Attributes already placed keep their names even when no longer active.
  const placed = set?.groups.flatMap((group) => group.attributes) ?? [];
  // Unassigned ones are listed by name, as staff look for them.
  const activeAttributes: AttributeSetAttribute[] = (active.data?.items ?? [])
    .map(({ id, attributeName, attributeCode }) => ({ id, attributeName, attributeCode }))
    .sort((a, b) => a.attributeName.localeCompare(b.attributeName));
  const attributes = [...activeAttributes, ...placed.filter((attribute) => !activeAttributes.some((a) => a.id === attribute.id))];
  return (
    <>
      <Field name="name" label="Name" required>
        <Input placeholder="e.g. Rings" style={{ maxWidth: 420 }} />
      </Field>
      <StatusField />
      <Field name="groups" label="Groups" extra="Drag attributes from the unassigned list into a group, or between groups; drag a group by its handle to change the order of the groups.">
        <AttributeGroupsField attributes={attributes} loading={active.isPending} />
      </Field>
    </>
  );
}

export default function AttributeSetFormPage() {
  return (
    <ResourceFormPage
      resource={attributeSetResource}
      paths={attributeSetPaths}
      defaults={{ status: true, groups: [{ name: DEFAULT_GROUP_NAME, isDefault: true, attributeIds: [] }] }}
      toFormValues={(set) => ({ ...set, groups: set.groups.map(({ id, name, isDefault, attributeIds }) => ({ id, name, isDefault, attributeIds })) })}
    >
      {(set) => <AttributeSetFields set={set} />}
    </ResourceFormPage>
  );
}
