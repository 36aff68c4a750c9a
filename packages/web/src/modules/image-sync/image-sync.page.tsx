import { Alert, Card, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/page-header.tsx';

/**
 * /dropboximagesync: where the image storage provider (Dropbox) returns with an authorisation `code`.
 * Exchanging the code for a token is a later issue; until then this page says so plainly.
 */
export default function ImageSyncPage() {
  const [params] = useSearchParams();
  const hasCode = params.has('code');
  return (
    <>
      <PageHeader title="Dropbox Image Sync" />
      <Card>
        <Typography.Paragraph>
          This page connects Facet to Dropbox so product images can be synchronised. When Dropbox sends you back here after you
          approve access, the authorisation code it returns is handled on this page.
        </Typography.Paragraph>
        <Alert
          type="info"
          showIcon
          title="The Dropbox integration is not available yet"
          description={
            hasCode
              ? 'An authorisation code was received, but connecting to Dropbox arrives in a later release, so it was not used and no images were synchronised.'
              : 'Connecting to Dropbox arrives in a later release. Nothing is synchronised from this page yet.'
          }
        />
      </Card>
    </>
  );
}
