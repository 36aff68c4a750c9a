import { settingResource } from '@facet/contract/modules/settings/setting.schema';
import { Typography } from 'antd';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { RecordOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { settingPaths } from './setting.paths.ts';

type SettingRow = RecordOf<typeof settingResource>;

export default function SettingListPage() {
  return (
    <ResourceListPage
      resource={settingResource}
      paths={settingPaths}
      title="Settings"
      addLabel="Add Setting"
      searchPlaceholder="Search title, key or value"
      columns={[
        { title: 'Title', dataIndex: 'title' },
        { title: 'Key', dataIndex: 'key', render: (key: string) => <Typography.Text code>{key}</Typography.Text> },
        { title: 'Value', dataIndex: 'value', ellipsis: true, width: 320 },
        dateColumn<SettingRow>('Created Date', 'createdAt'),
      ]}
    />
  );
}
