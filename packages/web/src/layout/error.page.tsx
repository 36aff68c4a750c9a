import { MESSAGES } from '@facet/contract/messages';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** /error, and what a page shows in place of itself when it crashes. */
export default function ErrorPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="error"
      title={MESSAGES.errorPage}
      subTitle="Please try again. If it keeps happening, tell your administrator what you were doing."
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          Back to Dashboard
        </Button>
      }
    />
  );
}
