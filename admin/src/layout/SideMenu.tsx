import { LogoutOutlined, ShopOutlined } from '@ant-design/icons';
import { countOf } from '@app/shared/format';
import { useLogout } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { AdminEntry } from '../crud/registry';
import { trpc } from '../providers/trpc';
import { iconFor } from './icons';

interface Props {
  entries: readonly AdminEntry[];
  collapsed: boolean;
  onNavigate?: () => void;
}

/** The counter's screen (pages/CounterPage.tsx). */
const COUNTER_PATH = '/comptoir';

/** Tableau de bord, Vente au comptoir, then every resource in its declared order; Déconnexion at the bottom. */
export function SideMenu({ entries, collapsed, onNavigate }: Props) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { mutate: logout } = useLogout();
  // New orders, checked every 30 s: the owner sees one arrive without reloading.
  const newOrders = useQuery({
    queryKey: ['dashboard', 'newOrders'],
    queryFn: () => trpc.dashboard.newOrders.query(),
    refetchInterval: 30_000,
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
  const items = [
    { key: '/', icon: iconFor('dashboard'), label: 'Tableau de bord' },
    { key: COUNTER_PATH, icon: <ShopOutlined />, label: 'Vente au comptoir' },
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
  ];
  const selected = selectedKey(pathname, entries);
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
function selectedKey(pathname: string, entries: readonly AdminEntry[]) {
  if (pathname === COUNTER_PATH) return COUNTER_PATH;
  for (const entry of entries) {
    const show = entry.paths.show?.replace('/:id', '');
    if (pathname === entry.paths.list || pathname.startsWith(`${entry.paths.list}/`) || (show && pathname.startsWith(`${show}/`))) {
      return entry.paths.list;
    }
  }
  return '/';
}
