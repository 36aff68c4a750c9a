import type { LoginInput, SessionInfo } from '@facet/contract/modules/auth/auth.schema';
import { MESSAGES } from '@facet/contract/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../api/client.ts';
import { endServerSession, isUsableSession, NO_PERMISSIONS_MESSAGE, SESSION_QUERY_KEY, signIn } from '../session/session.api.ts';
import { BrandLogo } from '../ui/brand-logo.tsx';

/**
 * Login's only rule is "required" (spec §5), so the page uses antd's own rule rather than the
 * contract's zod schema: that keeps zod out of the first load (the 250 kB budget). The server still
 * parses the body with loginSchema.
 */
const REQUIRED = [{ required: true, whitespace: true, message: MESSAGES.required }];

/** Signs in, and refuses a session that could open nothing (spec: empty permissions end the session). */
async function signInWithPermissions(input: LoginInput): Promise<SessionInfo> {
  const session = await signIn(input);
  if (isUsableSession(session)) return session;
  await endServerSession().catch(() => undefined);
  throw new Error(NO_PERMISSIONS_MESSAGE);
}

function errorText(error: Error): string {
  return isApiError(error) || error.message === NO_PERMISSIONS_MESSAGE ? error.message : MESSAGES.somethingWentWrong;
}

export default function LoginPage() {
  const [form] = Form.useForm<LoginInput>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;

  const login = useMutation({
    mutationFn: signInWithPermissions,
    onSuccess: async (session) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
      await navigate('/', { replace: true });
    },
  });

  return (
    <main className="login-page">
      <div className="login-card">
        <div className="login-card__brand">
          <BrandLogo size={44} />
          <h1>Facet Admin</h1>
          <p>Sign in to manage the shop</p>
        </div>
        {notice && !login.error && <p className="login-card__notice">{notice}</p>}
        <Form form={form} onFinish={(input) => login.mutate({ ...input, username: input.username.trim() })} layout="vertical" requiredMark={false}>
          <Form.Item name="username" label="Username" rules={REQUIRED}>
            <Input autoComplete="username" autoFocus size="large" />
          </Form.Item>
          <Form.Item name="password" label="Password" rules={REQUIRED}>
            <Input.Password autoComplete="current-password" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
            LOGIN
          </Button>
          {login.error && (
            <p className="login-card__error" role="alert">
              {errorText(login.error)}
            </p>
          )}
        </Form>
      </div>
    </main>
  );
}
