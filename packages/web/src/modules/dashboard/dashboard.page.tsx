import { RightOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { useMenuLinks } from '../../layout/menu-links.ts';
import { useSession } from '../../session/session-context.ts';
import { PageHeader } from '../../ui/page-header.tsx';

/**
 * A welcome page for now. The spec's dashboard (order, diamond, product and customer counts, best
 * sellers, search terms) arrives with those modules; until then it shows no figures at all.
 */
export default function DashboardPage() {
  const session = useSession();
  const shortcuts = useMenuLinks().filter((link) => link.path !== '/');
  return (
    <>
      <PageHeader title="Dashboard" />
      <Card style={{ marginBottom: 24 }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          Welcome, {session.user.name}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          This is the Facet back office. Use the menu on the left to open the areas your role gives you access to. Shop
          figures will appear here as the sales and catalogue areas come online.
        </Typography.Paragraph>
      </Card>
      {shortcuts.length > 0 && (
        <>
          <Typography.Title level={5}>Shortcuts</Typography.Title>
          <Row gutter={[16, 16]}>
            {shortcuts.map((link) => (
              <Col key={link.path} xs={24} sm={12} lg={8} xl={6}>
                <Link to={link.path}>
                  <Card hoverable size="small">
                    <Flex align="center" gap={12}>
                      <span style={{ fontSize: 20, color: '#0f766e' }}>{link.icon}</span>
                      <div style={{ flex: 1 }}>
                        <Typography.Text strong>{link.label}</Typography.Text>
                        <br />
                        <Typography.Text type="secondary">{link.sectionLabel}</Typography.Text>
                      </div>
                      <RightOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />
                    </Flex>
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        </>
      )}
    </>
  );
}
