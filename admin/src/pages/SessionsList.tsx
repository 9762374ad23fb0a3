import { deviceName } from '@app/shared/format';
import { useQuery } from '@tanstack/react-query';
import { App, Button, List, Space, Tag, Typography } from 'antd';
import { toHttpError } from '../providers/errors';
import { trpc } from '../providers/trpc';
import { shopDateTime } from '../providers/shop-day';

const when = (at: string | null) => (at ? shopDateTime(at) : '—');

/** Open sessions, one's own or (the owner) someone's, and "se déconnecter partout". */
export function SessionsList({ adminId }: { adminId?: string | undefined }) {
  const { notification } = App.useApp();
  const input = adminId ? { adminId } : {};
  const sessions = useQuery({ queryKey: ['team', 'sessions', adminId ?? 'me'], queryFn: () => trpc.team.sessions.query(input) });
  const endAll = async () => {
    try {
      const { ended } = await trpc.team.endSessions.mutate(input);
      notification.success({ message: `${ended} session${ended > 1 ? 's' : ''} fermée${ended > 1 ? 's' : ''}` });
      await sessions.refetch();
    } catch (error) {
      notification.error({ message: 'Sessions non fermées', description: toHttpError(error).message });
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <List
        loading={sessions.isPending}
        locale={{ emptyText: <Typography.Text type="secondary">Aucune session ouverte.</Typography.Text> }}
        dataSource={sessions.data ?? []}
        renderItem={(s) => (
          <List.Item>
            <List.Item.Meta
              title={
                <>
                  {deviceName(s.userAgent) ?? 'Appareil inconnu'} {s.current && <Tag color="blue">cet appareil</Tag>}
                </>
              }
              description={`Ouverte le ${when(s.createdAt)} · vue le ${when(s.lastSeenAt)}${s.ip ? ` · ${s.ip}` : ''}`}
            />
          </List.Item>
        )}
      />
      <Button danger onClick={endAll}>
        {adminId ? 'Fermer toutes ses sessions' : 'Se déconnecter partout (sauf ici)'}
      </Button>
    </Space>
  );
}
