import { LogoutOutlined } from '@ant-design/icons';
import { countOf } from '@app/shared/format';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { AdminPlace } from '../crud/registry';
import { authProvider } from '../providers/auth-provider';
import { trpc } from '../providers/trpc';
import { iconFor } from './icons';
import type { AdminPage } from './pages';

type Counts = Awaited<ReturnType<typeof trpc.dashboard.newOrders.query>>;

/** The menu's counts, keyed by a resource's name or a screen's path, read from one server answer. */
const BADGES: Record<string, (counts: Counts) => { count: number; title: string } | null> = {
  orders: ({ count }) => (count ? { count, title: countOf(count, 'nouvelle commande', 'nouvelles commandes') } : null),
  returnRequests: ({ returnRequests }) =>
    returnRequests ? { count: returnRequests, title: countOf(returnRequests, 'demande à traiter', 'demandes à traiter') } : null,
  '/whatsapp': ({ whatsappUnread }) =>
    whatsappUnread ? { count: whatsappUnread, title: countOf(whatsappUnread, 'message non lu', 'messages non lus') } : null,
};

interface Props {
  entries: readonly AdminPlace[];
  /** The screens that are no resource's this person may open (layout/pages.ts). */
  pages: readonly AdminPage[];
  collapsed: boolean;
  onNavigate?: () => void;
}

/** Tableau de bord, Vente au comptoir, Tournée, then every resource in its declared order, Équipe; Déconnexion at the bottom. */
export function SideMenu({ entries, pages, collapsed, onNavigate }: Props) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // What needs attention, checked every 30 s (the owner sees an order arrive without reloading),
  // when the menu holds an entry that shows it.
  const shown = [...entries.map((e) => e.name), ...pages.map((p) => p.path)].some((key) => key in BADGES);
  const counts = useQuery({
    queryKey: ['dashboard', 'newOrders'],
    queryFn: () => trpc.dashboard.newOrders.query(),
    refetchInterval: 30_000,
    enabled: shown,
  });
  const labelled = (key: string, label: string) => {
    const badge = counts.data && BADGES[key]?.(counts.data);
    if (!badge) return label;
    return (
      <span>
        {label}
        <Badge count={badge.count} size="small" offset={[6, -2]} title={badge.title} />
      </span>
    );
  };
  const page = (p: AdminPage) => ({ key: p.path, icon: iconFor(p.icon), label: labelled(p.path, p.label) });
  const items = [
    ...pages.filter((p) => p.place === 'top').map(page),
    ...entries.map((entry) => ({
      key: entry.paths.list,
      icon: iconFor(entry.icon),
      label: labelled(entry.name, entry.menuLabel),
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
        <Button
          block
          danger
          type="text"
          icon={<LogoutOutlined />}
          onClick={() => void authProvider.logout({})}
          style={{ color: '#ff7875' }}
        >
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
