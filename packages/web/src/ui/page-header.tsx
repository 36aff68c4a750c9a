import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  /** Buttons on the right (Add, Export Excel...). */
  extra?: ReactNode;
  /** Shows a Back button before the title. */
  onBack?: () => void;
}

export function PageHeader({ title, extra, onBack }: PageHeaderProps) {
  return (
    <Flex align="center" justify="space-between" gap={16} wrap style={{ marginBottom: 20 }}>
      <Flex align="center" gap={12}>
        {onBack && (
          <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
            Back
          </Button>
        )}
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      </Flex>
      {extra && <Flex gap={8}>{extra}</Flex>}
    </Flex>
  );
}
