import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle="There is no page at this address."
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          Back to Dashboard
        </Button>
      }
    />
  );
}
