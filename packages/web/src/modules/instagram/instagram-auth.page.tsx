import { instagramPaths } from '@facet/contract/modules/instagram/instagram.paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { failureMessage } from '../../ui/feedback.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { instagramApi, instagramKeys } from './instagram.api.ts';

/**
 * /system/settings/instagram/auth/?code=...&state=...: where Instagram sends staff back. The code is
 * handed to the server once (it works once at Instagram), then staff land on the token page with the
 * spec's message; a refusal stays here with its reason and a way back.
 */
export default function InstagramAuthPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const denied = params.get('error_description') ?? params.get('error');
  const generate = useMutation({
    mutationFn: instagramApi.generate,
    onSuccess: (answer) => {
      queryClient.setQueryData(instagramKeys.token, answer.token);
      void message.success(answer.message);
      void navigate(instagramPaths.page, { replace: true });
    },
  });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !code || !state) return;
    sent.current = true;
    generate.mutate({ code, state });
  }, [code, state, generate]);

  const problem = denied
    ? `Instagram did not grant access: ${denied}`
    : !code || !state
      ? 'Instagram sent no code back. Start again with Login & Generate.'
      : generate.isError
        ? failureMessage(generate.error)
        : null;
  return (
    <>
      <PageHeader title="Instagram" />
      <Card style={{ maxWidth: 760 }}>
        {problem ? (
          <Alert
            type="error"
            showIcon
            title="The Instagram token was not generated"
            description={problem}
            action={<Button onClick={() => void navigate(instagramPaths.page, { replace: true })}>Back to Instagram</Button>}
          />
        ) : (
          <Spin tip="Generating the Instagram token...">
            <div style={{ height: 80 }} />
          </Spin>
        )}
      </Card>
    </>
  );
}
