import { NEWSLETTER_MESSAGES } from '@facet/contract/modules/newsletters/newsletter.schema';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router';
import { newsletterApi, newsletterKeys } from './newsletter.api.ts';
import { klaviyoSettingsPath } from './newsletter.paths.ts';

/** Above the newsletter screens while Klaviyo is not configured (the demo): what works, what does not, and where to set it up. */
export function KlaviyoNotice() {
  const navigate = useNavigate();
  const settings = useQuery({ queryKey: newsletterKeys.klaviyoSettings, queryFn: newsletterApi.klaviyoSettings });
  if (!settings.data || (settings.data.apiKeyIsSet && settings.data.listId)) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title="Klaviyo is not configured"
      description={`${NEWSLETTER_MESSAGES.klaviyoNotConfigured} Until then newsletters cannot be scheduled, and subscriber changes wait here until Klaviyo is set up.`}
      action={<Button onClick={() => void navigate(klaviyoSettingsPath)}>Klaviyo Settings</Button>}
    />
  );
}
