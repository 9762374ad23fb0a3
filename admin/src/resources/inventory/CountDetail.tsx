import { countOf } from '@app/shared/format';
import { countScopes, countStatuses } from '@app/shared/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, List, Popconfirm, Segmented, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { BackButton, DetailStatus } from '../../crud/DetailStatus';
import { entryNamed } from '../../crud/entries';
import { useMay } from '../../crud/useMay';
import { StatusTag } from '../../fields/StatusTag';
import { PageTitle } from '../../layout/PageTitle';
import { retryUnlessRefused, toHttpError } from '../../providers/errors';
import { trpc } from '../../providers/trpc';
import { type Said, ScanBox, ScanSaid } from './ScanBox';

const entry = entryNamed('stockCounts');

type Items = Record<string, { name: string; quantity: number; at: string }>;
/**
 * What this phone counted and the server has not acknowledged: kept in its storage, so a count
 * survives a lost network or a closed tab. A batch once sent is frozen under its key until the
 * server answers (sent again as it was: counted once); scans made meanwhile wait for the next one.
 */
interface Pending {
  sending: { key: string; items: Items } | null;
  items: Items;
}
const storageKey = (id: string) => `inventaire:${id}`;
const load = (id: string): Pending => {
  try {
    const kept = JSON.parse(localStorage.getItem(storageKey(id)) ?? 'null') as Pending | null;
    if (kept?.items) return { sending: kept.sending ?? null, items: kept.items };
  } catch {
    // A damaged entry starts again empty.
  }
  return { sending: null, items: {} };
};
const units = (items: Items) => Object.values(items).reduce((n, i) => n + i.quantity, 0);

/**
 * A stock count on a phone: scan what is on the shelf (several phones at once; their counts add),
 * see the differences with the expected stock, then apply it (managers). What this phone counted
 * leaves as soon as the network lets it, and waits in the phone's storage meanwhile.
 */
export default function CountDetail() {
  const { id = '' } = useParams();
  const { notification } = App.useApp();
  const client = useQueryClient();
  const managers = useMay(entry.resource.team.write);
  const count = useQuery({
    queryKey: ['stockCounts', 'detail', id],
    queryFn: () => trpc.stockCounts.get.query({ id }),
    retry: retryUnlessRefused,
  });
  const lines = useQuery({
    queryKey: ['stockCounts', 'lines', id],
    queryFn: () => trpc.stockCounts.lines.query({ id }),
    enabled: count.isSuccess,
  });
  const [pending, setPending] = useState<Pending>(() => load(id));
  const [said, setSaid] = useState<Said | null>(null);
  const [show, setShow] = useState<'differences' | 'left' | 'all'>('differences');
  const [busy, setBusy] = useState(false);
  const keep = (next: Pending) => {
    localStorage.setItem(storageKey(id), JSON.stringify(next));
    setPending(next);
  };

  // Sends the frozen batch (again, if its answer was lost), then what was scanned since.
  const send = useCallback(async () => {
    let state = load(id);
    if (!state.sending) {
      if (!Object.keys(state.items).length) return;
      state = { sending: { key: crypto.randomUUID(), items: state.items }, items: {} };
      keep(state);
    }
    const batch = state.sending!;
    try {
      await trpc.stockCounts.count.mutate({
        id,
        key: batch.key,
        items: Object.entries(batch.items).map(([product, c]) => ({ product, quantity: c.quantity, at: c.at })),
      });
      const after = load(id);
      keep({ ...after, sending: after.sending?.key === batch.key ? null : after.sending });
      await client.invalidateQueries({ queryKey: ['stockCounts'] });
      if (Object.keys(after.items).length) void send();
    } catch (error) {
      const http = toHttpError(error);
      // Offline: it waits for the network. Refused: said, and kept for the owner to see.
      if (http.statusCode !== 0) setSaid({ type: 'error', text: http.message });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keep and load read the phone's storage, not React state
  }, [id, client]);

  useEffect(() => {
    const timer = setInterval(() => void send(), 5_000);
    const online = () => void send();
    window.addEventListener('online', online);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [send]);

  const back = <BackButton to={entry.paths.list} label="Retour aux inventaires" />;
  if (!count.data) return <DetailStatus loading={count.isLoading} title="Inventaire introuvable" back={back} />;
  const c = count.data;
  const open = c.status === 'open';
  const waiting = units(pending.items) + (pending.sending ? units(pending.sending.items) : 0);
  const rows = (lines.data ?? []).filter((l) =>
    show === 'differences'
      ? l.difference
      : show === 'left'
        ? l.counted === null && !pending.items[l.product] && !pending.sending?.items[l.product]
        : true,
  );

  async function act(what: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await send();
      await what();
      notification.success({ message: done });
      await client.invalidateQueries({ queryKey: ['stockCounts'] });
    } catch (error) {
      notification.error({ message: toHttpError(error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      {back}
      <Card title={<PageTitle>{c.name}</PageTitle>} extra={<StatusTag value={c.status} label={countStatuses[c.status]} />}>
        <Typography.Paragraph>
          {countScopes[c.scope]} · {countOf(c.counted.length, 'article compté', 'articles comptés')}
        </Typography.Paragraph>
        {open ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <ScanBox
              onProduct={(item) => {
                // From the storage, not this render's state: a sending may have just changed it.
                const now = load(id);
                const had = now.items[item.id]?.quantity ?? 0;
                keep({ ...now, items: { ...now.items, [item.id]: { name: item.name, quantity: had + 1, at: new Date().toISOString() } } });
                setSaid({ type: 'success', text: `+1 ${item.name}` });
                void send();
              }}
              onUnknown={(code) =>
                setSaid({
                  type: 'warning',
                  text: `Code inconnu : ${code}. Créez le produit avec ce code, puis scannez-le à nouveau.`,
                  unknown: code,
                })
              }
            />
            <ScanSaid said={said} />
            <Typography.Text role="status">
              {waiting
                ? `${countOf(waiting, 'article compté', 'articles comptés')} sur ce téléphone, en attente d’envoi (le réseau revient : il part).`
                : 'Tout ce que ce téléphone a compté est envoyé.'}
            </Typography.Text>
          </Space>
        ) : null}
      </Card>
      <Card title="Écarts">
        <Segmented
          value={show}
          onChange={(v) => setShow(v as typeof show)}
          options={[
            { value: 'differences', label: 'Écarts' },
            { value: 'left', label: 'Pas comptés' },
            { value: 'all', label: 'Tout' },
          ]}
        />
        <List
          loading={lines.isLoading}
          dataSource={rows}
          locale={{ emptyText: <span style={{ color: 'rgba(0, 0, 0, 0.62)' }}>Rien ici pour le moment</span> }}
          renderItem={(l) => (
            <List.Item key={l.product} style={{ display: 'block' }}>
              <Typography.Text strong>{l.name}</Typography.Text>
              <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
                <span>
                  Attendu {l.expected ?? 'non suivi'} · compté {l.counted ?? '—'}
                </span>
                {l.difference ? (
                  <Typography.Text strong style={{ color: l.difference < 0 ? '#a8071a' : '#135200' }}>
                    Écart {l.difference > 0 ? `+${l.difference}` : l.difference}
                  </Typography.Text>
                ) : null}
              </div>
            </List.Item>
          )}
        />
        {open && managers ? (
          <Space wrap style={{ marginTop: 12 }}>
            <Popconfirm
              title="Appliquer l’inventaire ?"
              description="Le stock des articles comptés prend leur écart ; les autres ne changent pas."
              okText="Appliquer"
              cancelText="Non"
              onConfirm={() => act(() => trpc.stockCounts.validate.mutate({ id }), 'Inventaire appliqué : le stock est à jour.')}
            >
              <Button type="primary" loading={busy}>
                Appliquer l’inventaire
              </Button>
            </Popconfirm>
            <Button danger disabled={busy} onClick={() => act(() => trpc.stockCounts.cancel.mutate({ id }), 'Inventaire annulé.')}>
              Annuler l’inventaire
            </Button>
          </Space>
        ) : null}
      </Card>
    </Space>
  );
}
