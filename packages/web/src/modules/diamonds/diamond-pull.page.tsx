import { CloudDownloadOutlined } from '@ant-design/icons';
import { CERTIFICATE_MAX } from '@facet/contract/modules/diamonds/diamond.schema';
import { MESSAGES } from '@facet/contract/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/client.ts';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { diamondApi, diamondKeys } from './diamond.api.ts';
import { DiamondDetails, SoldSwitchButton } from './diamond-detail.tsx';
import { formatFeedWords } from './diamond-format.ts';
import { StoneStateTag } from './stone-tags.tsx';

/**
 * Pull Diamond (document 2 §2, route not shown): one stone fetched from the feed by its certificate
 * number into the inventory, priced as a sync would; 'Diamond Imported Successfully!', then its detail.
 */
export default function DiamondPullPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ certificate: string }>();
  const [isPulling, setPulling] = useState(false);
  const [pulledId, setPulledId] = useState<number | null>(null);
  // The stone as the cache holds it, so Mark as sold on this screen shows its new state too.
  const pulled = useQuery({ queryKey: diamondKeys.detail(pulledId ?? 0), queryFn: () => diamondApi.get(pulledId!), enabled: pulledId !== null }).data;

  const pull = async ({ certificate }: { certificate: string }) => {
    setPulling(true);
    try {
      const answer = await diamondApi.pull(certificate.trim());
      queryClient.setQueryData(diamondKeys.detail(answer.diamond.id), answer.diamond);
      await queryClient.invalidateQueries({ queryKey: [...diamondKeys.all, 'list'] });
      setPulledId(answer.diamond.id);
      void message.success(answer.message);
    } catch (error) {
      const issue = isApiError(error) ? error.issues.find((item) => item.path[0] === 'certificate') : undefined;
      if (issue) form.setFields([{ name: 'certificate', errors: [issue.message] }]);
      else if (isApiError(error, 404)) form.setFields([{ name: 'certificate', errors: [error.message] }]);
      else if (isWorthReporting(error)) void message.warning(failureMessage(error));
    } finally {
      setPulling(false);
    }
  };

  return (
    <>
      <PageHeader title="Pull Diamond" />
      <Flex vertical gap={16}>
        <Card>
          <Typography.Paragraph type="secondary">
            Fetch one stone from the diamond feed by its certificate number (GIA, IGI, HRD...). It joins the inventory priced by the shop&apos;s markups, as a
            sync would bring it.
          </Typography.Paragraph>
          <Form form={form} layout="inline" onFinish={(values) => void pull(values)} aria-label="Pull Diamond">
            <Form.Item
              name="certificate"
              label="Certificate number"
              rules={[{ required: true, whitespace: true, message: MESSAGES.required }]}
              style={{ minWidth: 360 }}
            >
              <Input allowClear maxLength={CERTIFICATE_MAX} placeholder="e.g. 2141438171" />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" icon={<CloudDownloadOutlined />} loading={isPulling}>
                Pull Diamond
              </Button>
            </Form.Item>
          </Form>
        </Card>
        {pulled && (
          <Card
            title={
              <Flex align="center" gap={8} wrap>
                <span>{formatFeedWords(pulled.name)}</span>
                <StoneStateTag stone={pulled} />
              </Flex>
            }
            extra={<SoldSwitchButton diamond={pulled} />}
          >
            <DiamondDetails diamond={pulled} />
          </Card>
        )}
      </Flex>
    </>
  );
}
