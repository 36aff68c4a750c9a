import { sectionResource, templateOf } from '@facet/contract/modules/widget-sections/widget-section.schema';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { ListItemOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { sectionPaths } from './widget-section.paths.ts';

type SectionRow = ListItemOf<typeof sectionResource>;

/** /widgets/section (document 3 §2.17): Section Name and Created Date sortable, 10 a page. */
export default function SectionListPage() {
  return (
    <ResourceListPage
      resource={sectionResource}
      paths={sectionPaths}
      title="Widgets Section"
      addLabel="Add Section"
      searchPlaceholder="Search section name or sub title"
      columns={[
        { title: 'Section Name', dataIndex: 'sectionName', key: 'sectionName' },
        { title: 'Template Name', key: 'templateName', render: (_: unknown, row: SectionRow) => templateOf(row.templateId)?.label ?? row.templateName },
        { title: 'Sub Title', dataIndex: 'subTitle', render: (value: string) => value || '-' },
        dateColumn<SectionRow>('Created Date', 'createdAt'),
        { title: 'Sort Order', dataIndex: 'sortOrder', render: (value: number | null) => value ?? '-' },
      ]}
    />
  );
}
