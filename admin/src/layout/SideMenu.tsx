import { LogoutOutlined } from '@ant-design/icons';
import { countOf } from '@app/shared/format';
import { useLogout } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { AdminPlace } from '../crud/registry';
import { trpc } from '../providers/trpc';
import { iconFor } from './icons';
import type { AdminPage } from './pages';

interface Props {
  entries: readonly AdminPlace[];
  /** The screens that are no resource's this person may open (layout/pages.ts). */
  pages: readonly AdminPage[];
  /** Whether this person reads orders (the new-orders badge). */
  readsOrders: boolean;
  collapsed: boolean;
  onNavigate?: () => void;
}

/** Tableau de bord, Vente au comptoir, Tournée, then every resource in its declared order, Équipe; Déconnexion at the bottom. */
export function SideMenu({ entries, pages, readsOrders, collapsed, onNavigate }: Props) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { mutate: logout } = useLogout();
  // New orders, checked every 30 s: the owner sees one arrive without reloading.
  const newOrders = useQuery({
    queryKey: ['dashboard', 'newOrders'],
    queryFn: () => trpc.dashboard.newOrders.query(),
    refetchInterval: 30_000,
    enabled: readsOrders,
  });
  const badge = (name: string) =>
    name === 'orders' && newOrders.data?.count ? (
      <Badge
        count={newOrders.data.count}
        size="small"
        offset={[6, -2]}
        title={countOf(newOrders.data.count, 'nouvelle commande', 'nouvelles commandes')}
      />
    ) : null;
  const unread = newOrders.data?.whatsappUnread ?? 0;
  const page = (p: AdminPage) => ({
    key: p.path,
    icon: iconFor(p.icon),
    label:
      p.path === '/whatsapp' && unread ? (
        <span>
          {p.label}
          <Badge count={unread} size="small" offset={[6, -2]} title={countOf(unread, 'message non lu', 'messages non lus')} />
        </span>
      ) : (
        p.label
      ),
  });
  const items = [
    ...pages.filter((p) => p.place === 'top').map(page),
    ...entries.map((entry) => ({
      key: entry.paths.list,
      icon: iconFor(entry.icon),
      label: (
        <span>
          {entry.menuLabel}
          {badge(entry.name)}
        </span>
      ),
    })),
    ...pages.filter((p) => p.place === 'bottom').map(page),
  ];
  const selected = selectedKey(pathname, entries, pages);
  return (
    <nav aria-label="Menu principal" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div style={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <Menu
          mode="inline"
          theme="dark"
          inlineCollapsed={collapsed}
          selectedKeys={[selected]}
          items={items}
          onClick={({ key }) => {
            navigate(key);
            onNavigate?.();
          }}
        />
      </div>
      <div style={{ padding: collapsed ? 8 : 16, borderTop: '1px solid rgba(255,255,255,0.12)' }}>
        <Button block danger type="text" icon={<LogoutOutlined />} onClick={() => logout()} style={{ color: '#ff7875' }}>
          {collapsed ? null : 'Déconnexion'}
        </Button>
      </div>
    </nav>
  );
}

// '/verifications/abc' belongs to the verification list; '/products/edit/1' to products.
function selectedKey(pathname: string, entries: readonly AdminPlace[], pages: readonly AdminPage[]) {
  const page = pages.find((p) => p.path !== '/' && pathname.startsWith(p.path));
  if (page) return page.path;
  for (const entry of entries) {
    const show = entry.paths.show?.replace('/:id', '');
    if (pathname === entry.paths.list || pathname.startsWith(`${entry.paths.list}/`) || (show && pathname.startsWith(`${show}/`))) {
      return entry.paths.list;
    }
  }
  return '/';
}
