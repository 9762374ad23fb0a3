import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout, Typography } from 'antd';
import { Link } from 'react-router';
import { type ReactNode, useState } from 'react';
import type { AdminPlace } from '../crud/registry';
import { useMe } from '../providers/me';
import type { AdminPage } from './pages';
import { SideMenu } from './SideMenu';
import { useIsMobile } from './useIsMobile';

const SIDER_WIDTH = 230;

/** Collapsible side menu on wide screens, an overlay drawer on phones. */
export function AdminLayout({
  entries,
  pages,
  children,
}: {
  entries: readonly AdminPlace[];
  pages: readonly AdminPage[];
  children: ReactNode;
}) {
  const mobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { data: identity } = useMe();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {mobile ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement="left"
          width={260}
          title="Menu"
          styles={{ body: { padding: 0, background: '#001529' } }}
        >
          <SideMenu entries={entries} pages={pages} collapsed={false} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsedWidth={64}
          collapsed={collapsed}
          trigger={null}
          style={{ position: 'sticky', top: 0, height: '100vh' }}
        >
          <Brand collapsed={collapsed} />
          <div style={{ height: 'calc(100vh - 56px)' }}>
            <SideMenu entries={entries} pages={pages} collapsed={collapsed} />
          </div>
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 12px',
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            position: 'sticky',
            top: 0,
            zIndex: 10,
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          {mobile ? (
            <Button icon={<MenuOutlined />} aria-label="Ouvrir le menu" onClick={() => setDrawerOpen(true)} />
          ) : (
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={collapsed ? 'Déplier le menu' : 'Replier le menu'}
              onClick={() => setCollapsed(!collapsed)}
            />
          )}
          <Typography.Text strong style={{ flex: 1, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
            Administration de la boutique
          </Typography.Text>
          {identity ? (
            <Link
              to="/account"
              title="Mon compte : changer le mot de passe"
              style={{
                maxWidth: mobile ? 120 : 280,
                whiteSpace: 'nowrap',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                color: 'rgba(0,0,0,0.55)',
              }}
            >
              {identity.displayName}
            </Link>
          ) : null}
        </Layout.Header>
        <Layout.Content style={{ padding: mobile ? 12 : 24, minWidth: 0 }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}

function Brand({ collapsed }: { collapsed: boolean }) {
  return (
    <div
      style={{
        height: 56,
        display: 'flex',
        alignItems: 'center',
        padding: '0 20px',
        color: '#fff',
        fontWeight: 600,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
      }}
    >
      {collapsed ? 'EA' : 'Espace admin'}
    </div>
  );
}
