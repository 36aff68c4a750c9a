import { CopyOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { MESSAGES } from '@facet/contract/messages';
import type { ApiKey, ApiKeyCreated, StorefrontScope } from '@facet/contract/modules/api-keys/api-key.schema';
import {
  API_KEY_NAME_MAX,
  STOREFRONT_SCOPE_LABELS,
  STOREFRONT_SCOPES,
  permissionNamesOf,
  unheldScopePermissions,
} from '@facet/contract/modules/api-keys/api-key.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Alert, App, Button, Checkbox, DatePicker, Flex, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { isApiError } from '../../api/client.ts';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { formatDateTime } from '../../ui/format.ts';
import { tableLoadingState } from '../../ui/loading-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useSession } from '../../session/session-context.ts';
import { apiKeyApi, apiKeyKeys } from './api-key.api.ts';

interface CreateValues {
  name: string;
  scopes: StorefrontScope[];
  expiresAt?: Dayjs | null;
}

/** The list's dates and times, and the expiry picker's: month/day/year, 12-hour time (DESIGN §5). */
const EXPIRY_FORMAT = 'MM/DD/YYYY hh:mm A';

/**
 * Create: a name, the scopes and an optional expiry; the server's messages land under their fields.
 * A scope needing a permission the user lacks is shown but cannot be ticked (the server refuses it too).
 */
function CreateKeyModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (created: ApiKeyCreated) => void }) {
  const [form] = Form.useForm<CreateValues>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const session = useSession();
  const submit = async (values: CreateValues) => {
    setSaving(true);
    try {
      const created = await apiKeyApi.create({ name: values.name, scopes: values.scopes ?? [], expiresAt: values.expiresAt ? values.expiresAt.toISOString() : null });
      form.resetFields();
      onCreated(created);
    } catch (error) {
      if (isApiError(error) && error.issues.length) {
        form.setFields(error.issues.map((issue) => ({ name: issue.path[0] as keyof CreateValues, errors: [issue.message] })));
      } else if (isWorthReporting(error)) void message.warning(failureMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title="Create API Key"
      okText="Create"
      onOk={() => form.submit()}
      confirmLoading={saving}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} initialValues={{ scopes: [] }} requiredMark>
        <Form.Item name="name" label="Name" extra="Where the key is used, e.g. Storefront (production)." rules={[{ required: true, whitespace: true, message: MESSAGES.required }, { max: API_KEY_NAME_MAX, message: MESSAGES.maxLength(API_KEY_NAME_MAX) }]}>
          <Input autoFocus maxLength={API_KEY_NAME_MAX} />
        </Form.Item>
        <Form.Item name="scopes" label="Scopes" rules={[{ required: true, type: 'array', min: 1, message: MESSAGES.selectAtLeastOne }]}>
          <Checkbox.Group>
            <Flex vertical gap={4}>
              {STOREFRONT_SCOPES.map((scope) => {
                const unheld = unheldScopePermissions(session.permissions, [scope]);
                return (
                  <Checkbox key={scope} value={scope} disabled={unheld.length > 0}>
                    <Typography.Text code>{scope}</Typography.Text> {STOREFRONT_SCOPE_LABELS[scope]}
                    {unheld.length > 0 && <Typography.Text type="secondary"> (needs the {permissionNamesOf(unheld)} permission, which you do not hold)</Typography.Text>}
                  </Checkbox>
                );
              })}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
        <Form.Item name="expiresAt" label="Expires" extra="Optional. Leave empty for a key that works until it is revoked.">
          <DatePicker
            showTime={{ use12Hours: true, format: 'hh:mm A' }}
            format={EXPIRY_FORMAT}
            disabledDate={(day) => day.isBefore(dayjs(), 'day')}
            placeholder="Never"
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The new key, this once: copy it now, it cannot be shown again. */
function NewKeyModal({ created, onClose }: { created: ApiKeyCreated | null; onClose: () => void }) {
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created!.key);
      void message.success('Copied');
    } catch {
      void message.warning('Could not copy; select the key and copy it.');
    }
  };
  return (
    <Modal open={created !== null} title={`API key "${created?.name ?? ''}" created`} onCancel={onClose} maskClosable={false} footer={<Button type="primary" onClick={onClose}>I have stored the key</Button>}>
      <Flex vertical gap={12}>
        <Alert type="warning" showIcon message="Copy this key now. It is shown only once: Facet stores only a fingerprint of it and cannot show it again." />
        <Flex gap={8}>
          <Input readOnly value={created?.key} aria-label="New API key" style={{ fontFamily: 'monospace' }} onFocus={(event) => event.target.select()} />
          <Button icon={<CopyOutlined />} onClick={() => void copy()}>
            Copy
          </Button>
        </Flex>
        <Typography.Text type="secondary">
          Send it as <Typography.Text code>Authorization: Bearer &lt;key&gt;</Typography.Text> to <Typography.Text code>/api/storefront/v1/…</Typography.Text>. Keep it on the storefront&apos;s server, never in a browser.
        </Typography.Text>
      </Flex>
    </Modal>
  );
}

/**
 * System > API Keys (issue 13): the storefront API's keys with their scopes and last use; Create
 * shows the new key once; Revoke (confirmed) stops a key at once.
 */
export default function ApiKeyListPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: apiKeyKeys.list, queryFn: apiKeyApi.list });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list });

  const confirmRevoke = (key: ApiKey) => {
    modal.confirm({
      title: MESSAGES.apiKeyRevokeConfirm,
      content: `${key.name} (${key.prefix}…) stops working at once; a storefront using it gets 401 on its next request. This cannot be undone.`,
      okText: 'Revoke',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () =>
        apiKeyApi.revoke(key.id).then(
          () => {
            void message.success(MESSAGES.apiKeyRevoked);
            void refresh();
          },
          (error: unknown) => {
            if (isWorthReporting(error)) void message.warning(failureMessage(error));
          },
        ),
    });
  };

  const columns: TableColumnsType<ApiKey> = [
    { title: 'Name', dataIndex: 'name', key: 'name' },
    { title: 'Key', dataIndex: 'prefix', key: 'prefix', render: (prefix: string) => <Typography.Text code>{prefix}…</Typography.Text> },
    { title: 'Scopes', dataIndex: 'scopes', key: 'scopes', render: (scopes: string[]) => scopes.map((scope) => <Tag key={scope}>{scope}</Tag>) },
    { title: 'Expires', dataIndex: 'expiresAt', key: 'expiresAt', render: (at: string | null) => (at ? formatDateTime(at) : 'Never') },
    { title: 'Last Used', dataIndex: 'lastUsedAt', key: 'lastUsedAt', render: (at: string | null) => (at ? formatDateTime(at) : 'Never') },
    {
      title: 'Created',
      dataIndex: 'createdAt',
      key: 'createdAt',
      render: (at: string, row) => (
        <Flex vertical>
          <span>{formatDateTime(at)}</span>
          {row.createdByName && <Typography.Text type="secondary" style={{ fontSize: 12 }}>by {row.createdByName}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_: unknown, row) => {
        if (row.revokedAt) return <Tag color="red">Revoked {formatDateTime(row.revokedAt)}</Tag>;
        if (row.expiresAt && dayjs(row.expiresAt).isBefore(dayjs())) return <Tag color="orange">Expired</Tag>;
        // Checked on every request: a key is worth no more than its creator is now.
        if (!row.creatorActive) return <Tag color="orange">Stopped: its creator is disabled or deleted</Tag>;
        if (row.lapsedScopes.length) return <Tag color="orange">{row.lapsedScopes.join(', ')} stopped: its creator lacks the permission</Tag>;
        return <Tag color="green">Active</Tag>;
      },
    },
    {
      title: 'Action',
      key: 'action',
      render: (_: unknown, row) =>
        row.revokedAt ? null : (
          <Button type="link" size="small" danger onClick={() => confirmRevoke(row)} aria-label={`Revoke ${row.name}`}>
            Revoke
          </Button>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="API Keys"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            Create API Key
          </Button>
        }
      />
      <Typography.Paragraph type="secondary">
        <KeyOutlined /> Keys let the shop&apos;s storefront send customers (and later orders, carts and forms) to the storefront API. Give each storefront its own key with only the scopes it needs.
      </Typography.Paragraph>
      <Table rowKey="id" columns={columns} dataSource={list.data?.items ?? []} pagination={false} {...tableLoadingState(list.isLoading, "No API keys yet.")} />
      <CreateKeyModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
          void message.success(MESSAGES.apiKeyCreated);
          void refresh();
        }}
      />
      <NewKeyModal created={created} onClose={() => setCreated(null)} />
    </>
  );
}
