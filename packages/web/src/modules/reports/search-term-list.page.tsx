import { searchTermResource } from '@facet/contract/modules/reports/report.schema';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { ListItemOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { REPORT_PATHS } from './report.paths.ts';

type SearchTermRow = ListItemOf<typeof searchTermResource>;

/** /report/searchterm (document 3 §2.15): keyword, uses, results, last search; search, sort, paging and Export Excel. */
export default function SearchTermListPage() {
  return (
    <ResourceListPage
      resource={searchTermResource}
      paths={{ list: REPORT_PATHS.searchTerms, edit: REPORT_PATHS.searchTerms }}
      title="Search Terms"
      searchPlaceholder="Search keyword"
      rowLabel={(row) => row.keyword}
      columns={[
        { title: 'Keyword', dataIndex: 'keyword', key: 'keyword' },
        { title: 'Uses', dataIndex: 'uses', key: 'uses', align: 'right' },
        { title: 'Results', dataIndex: 'results', key: 'results', align: 'right' },
        dateColumn<SearchTermRow>('Last Search', 'lastSearchedAt'),
      ]}
    />
  );
}
