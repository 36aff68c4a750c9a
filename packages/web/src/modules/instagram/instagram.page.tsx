import { INSTAGRAM_MESSAGES, INSTAGRAM_SETTING_KEYS } from '@facet/contract/modules/instagram/instagram.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Flex, Input, Spin, Typography } from 'antd';
import { Link } from 'react-router';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { formatDateTime } from '../../ui/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { settingPaths } from '../settings/setting.paths.ts';
import { instagramApi, instagramKeys } from './instagram.api.ts';

/**
 * System > Instagram (document 3 §2.12, §4): the shop's Instagram token. Without one, Login & Generate
 * sends staff to Instagram's authorisation page; Instagram sends them back to the auth route, which
 * saves a long-lived token. With one, the token shows read-only (masked) with its expiry and Remove.
 * The server refreshes it before it expires; a failed refresh shows here as a warning.
 */
export default function InstagramPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const token = useQuery({ queryKey: instagramKeys.token, queryFn: instagramApi.token });
  const login = useMutation({
    mutationFn: instagramApi.authorizationUrl,
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => isWorthReporting(error) && void message.warning(failureMessage(error)),
  });
  const remove = () => {
    modal.confirm({
      title: INSTAGRAM_MESSAGES.removeConfirm,
      content: 'The storefront stops showing the Instagram feed until a new token is generated.',
      okText: 'Remove',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () =>
        instagramApi.remove().then(
          (answer) => {
            queryClient.setQueryData(instagramKeys.token, answer.token);
            void message.success(answer.message);
          },
          (error: unknown) => isWorthReporting(error) && void message.warning(failureMessage(error)),
        ),
    });
  };

  const state = token.data;
  return (
    <>
      <PageHeader title="Instagram" />
      <Card style={{ maxWidth: 760 }}>
        {!state ? (
          <Spin />
        ) : (
          <Flex vertical gap={16}>
            {!state.isConfigured && (
              <Alert
                type="warning"
                showIcon
                title="Instagram is not set up"
                description={
                  <>
                    Add the settings <Typography.Text code>{INSTAGRAM_SETTING_KEYS.clientId}</Typography.Text> and{' '}
                    <Typography.Text code>{INSTAGRAM_SETTING_KEYS.clientSecret}</Typography.Text> (from the shop&apos;s app in Meta&apos;s developer
                    dashboard) in <Link to={settingPaths.list}>Settings</Link>, then come back to generate the token.
                  </>
                }
              />
            )}
            {state.refreshError && <Alert type="error" showIcon title="Token refresh failed" description={state.refreshError} />}
            {state.hasToken ? (
              <>
                <Descriptions column={1} bordered size="small">
                  <Descriptions.Item label="Token">
                    <Input value={state.maskedToken ?? ''} readOnly aria-label="Token" style={{ maxWidth: 360 }} />
                  </Descriptions.Item>
                  <Descriptions.Item label="Expires">{state.expiresAt ? formatDateTime(state.expiresAt) : '-'}</Descriptions.Item>
                </Descriptions>
                <Typography.Text type="secondary">The token is refreshed automatically when fewer than 10 days are left.</Typography.Text>
                <div>
                  <Button danger onClick={remove}>
                    Remove
                  </Button>
                </div>
              </>
            ) : (
              <>
                <Typography.Paragraph>
                  No Instagram token is saved. Log in to the shop&apos;s Instagram account to generate one: Instagram asks you to allow access, then
                  sends you back here.
                </Typography.Paragraph>
                <div>
                  <Button type="primary" disabled={!state.isConfigured} loading={login.isPending} onClick={() => login.mutate()}>
                    Login &amp; Generate
                  </Button>
                </div>
              </>
            )}
          </Flex>
        )}
      </Card>
    </>
  );
}
