import { PhoneOutlined, WhatsAppOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { MANAGERS, may, type Role } from '@app/shared/team';
import { displayPhone, formatXOF, telLink, whatsappLink } from '@app/shared/format';
import { orderStatuses } from '@app/shared/labels';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PageTitle } from '../layout/PageTitle';
import { Rows } from '../layout/Rows';
import { toHttpError } from '../providers/errors';
import { myRound, takeEarly } from '../providers/session';
import { trpc } from '../providers/trpc';
import { shopDateTime } from '../providers/shop-day';

type Round = Awaited<ReturnType<typeof trpc.rounds.today.query>>;
type Stop = Round['stops'][number];

/**
 * Tournée: a courier's deliveries of the day on his phone (address, call, WhatsApp, map, items,
 * amount to collect; "Livrée", "Encaissé"); the owner and the manager pick a courier, see his round
 * and count the cash he hands over.
 */
export default function RoundPage({ role }: { role: Role }) {
  const manager = may(role, MANAGERS);
  const [courierId, setCourierId] = useState<string | undefined>();
  const couriers = useQuery({ queryKey: ['team', 'couriers'], queryFn: () => trpc.team.couriers.query(), enabled: manager });
  const round = useQuery({
    queryKey: ['rounds', 'today', courierId ?? null],
    queryFn: () => (courierId ? trpc.rounds.today.query({ courierId }) : takeEarly('round', myRound)),
    refetchInterval: 60_000,
  });
  const left = round.data?.stops.filter((s) => !s.deliveredAt) ?? [];
  const done = round.data?.stops.filter((s) => s.deliveredAt) ?? [];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 720 }}>
      <PageTitle>{manager ? 'Tournées des livreurs' : 'Ma tournée du jour'}</PageTitle>
      {manager && (
        <Select
          aria-label="Livreur"
          allowClear
          placeholder={couriers.data?.length === 0 ? 'Aucun livreur dans l’équipe : invitez-en un (Équipe)' : 'Tous les livreurs'}
          style={{ width: '100%' }}
          value={courierId}
          onChange={setCourierId}
          options={couriers.data?.map((c) => ({ value: c.id, label: c.displayName }))}
        />
      )}
      {round.error && <Alert type="error" showIcon message="Tournée indisponible" description={toHttpError(round.error).message} />}
      {round.data?.cashToHandOver && <CashToHandOver due={round.data.cashToHandOver} courierId={manager ? courierId : undefined} />}
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        À livrer ({left.length})
      </Typography.Title>
      {round.isPending ? (
        <Card loading />
      ) : left.length === 0 ? (
        <Empty description="Aucune livraison en attente." />
      ) : (
        left.map((stop) => <StopCard key={stop.id} stop={stop} showCourier={manager && !courierId} />)
      )}
      {manager && <Handovers courierId={courierId} />}
      {done.length > 0 && (
        <>
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            Livrées aujourd’hui ({done.length})
          </Typography.Title>
          {done.map((stop) => (
            <StopCard key={stop.id} stop={stop} showCourier={manager && !courierId} />
          ))}
        </>
      )}
    </Space>
  );
}

function StopCard({ stop, showCourier }: { stop: Stop; showCourier: boolean }) {
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const act = async (what: string, call: () => Promise<unknown>, done: string) => {
    setBusy(what);
    try {
      await call();
      notification.success({ message: done });
      await queryClient.invalidateQueries({ queryKey: ['rounds'] });
    } catch (error) {
      notification.error({ message: 'Non enregistré', description: toHttpError(error).message });
    } finally {
      setBusy(null);
    }
  };
  const place = [stop.address, stop.city].filter(Boolean).join(', ');
  const paid = stop.paymentStatus !== 'pending';
  // Mobile Money the courier declared, waiting for a manager to see it on the shop's phone.
  const declared = !paid && stop.collectedAt !== null;
  return (
    <Card
      size="small"
      title={`${stop.number} · ${stop.customerName}`}
      extra={<Tag color={stop.deliveredAt ? 'green' : 'blue'}>{orderStatuses[stop.status]}</Tag>}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {showCourier && <Typography.Text type="secondary">Livreur : {stop.courierName ?? 'personne'}</Typography.Text>}
        <Typography.Text strong>{place || 'Adresse non indiquée'}</Typography.Text>
        <Space wrap>
          {stop.phone && (
            <>
              <Button icon={<PhoneOutlined />} href={telLink(stop.phone)}>
                Appeler {displayPhone(stop.phone)}
              </Button>
              <Button
                icon={<WhatsAppOutlined />}
                href={whatsappLink(stop.phone, `Bonjour ${stop.customerName}, votre livreur pour la commande ${stop.number} arrive.`)}
                target="_blank"
              >
                WhatsApp
              </Button>
            </>
          )}
          {place && (
            <Button
              icon={<EnvironmentOutlined />}
              href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`}
              target="_blank"
            >
              Carte
            </Button>
          )}
        </Space>
        <ul style={{ margin: 0, paddingLeft: 20 }}>
          {stop.items.map((item) => (
            <li key={`${item.id}-${item.sessionId ?? ''}`}>
              {item.quantity} × {item.name}
            </li>
          ))}
        </ul>
        {stop.note && <Typography.Text type="secondary">Note : {stop.note}</Typography.Text>}
        <Typography.Text>
          {paid ? (
            <>
              Déjà payée
              {stop.collectedMethod
                ? ` (encaissée : ${stop.collectedMethod === 'cash' ? 'espèces' : `Mobile Money ${stop.collectedReference ?? ''}`})`
                : ''}
            </>
          ) : declared ? (
            <>Mobile Money {stop.collectedReference ?? ''} déclaré : en attente de confirmation par le gérant</>
          ) : (
            <>
              À encaisser : <strong>{formatXOF(stop.toCollect)}</strong>
            </>
          )}
        </Typography.Text>
        <Space wrap>
          {!stop.deliveredAt && (
            <Button
              type="primary"
              loading={busy === 'deliver'}
              onClick={() => act('deliver', () => trpc.rounds.deliver.mutate({ id: stop.id }), `${stop.number} livrée`)}
            >
              Livrée
            </Button>
          )}
          {!paid && !declared && (
            <>
              <Button
                loading={busy === 'cash'}
                onClick={() =>
                  act('cash', () => trpc.rounds.collect.mutate({ id: stop.id, method: 'cash' }), `${stop.number} encaissée en espèces`)
                }
              >
                Encaissé en espèces
              </Button>
              <Space.Compact>
                <Input
                  aria-label="Référence Mobile Money"
                  placeholder="Référence Mobile Money"
                  value={reference}
                  onChange={(e) => setReference(e.target.value)}
                  maxLength={100}
                />
                <Button
                  loading={busy === 'momo'}
                  onClick={() =>
                    act(
                      'momo',
                      () => trpc.rounds.collect.mutate({ id: stop.id, method: 'mobile_money', reference }),
                      `${stop.number} encaissée par Mobile Money`,
                    )
                  }
                >
                  Encaissé (Mobile Money)
                </Button>
              </Space.Compact>
            </>
          )}
        </Space>
      </Space>
    </Card>
  );
}

/** The cash a courier holds; a manager counts what he hands over (expected, received, difference). */
function CashToHandOver({ due, courierId }: { due: { total: number; count: number }; courierId: string | undefined }) {
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const [received, setReceived] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const handOver = async () => {
    if (!courierId || received === null) return;
    setSaving(true);
    try {
      const result = await trpc.rounds.handover.mutate({ courierId, received });
      const gap = result.difference === 0 ? 'aucun écart' : `écart ${result.difference > 0 ? '+' : ''}${formatXOF(result.difference)}`;
      notification.success({
        message: 'Remise enregistrée',
        description: `Attendu ${formatXOF(result.expected)}, reçu ${formatXOF(result.received)} : ${gap}.`,
      });
      setReceived(null);
      await queryClient.invalidateQueries({ queryKey: ['rounds'] });
    } catch (error) {
      notification.error({ message: 'Remise non enregistrée', description: toHttpError(error).message });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Alert
      type={due.total > 0 ? 'warning' : 'info'}
      showIcon
      message={`Espèces à remettre : ${formatXOF(due.total)} (${due.count} livraison${due.count > 1 ? 's' : ''})`}
      description={
        courierId && due.total > 0 ? (
          <Space wrap>
            <InputNumber aria-label="Espèces reçues" min={0} step={500} value={received} onChange={setReceived} addonAfter="F CFA" />
            <Button type="primary" loading={saving} disabled={received === null} onClick={handOver}>
              Enregistrer la remise
            </Button>
          </Space>
        ) : undefined
      }
    />
  );
}

/** The latest cash handovers: who, when, expected, received and the difference. */
function Handovers({ courierId }: { courierId: string | undefined }) {
  const handovers = useQuery({
    queryKey: ['rounds', 'handovers', courierId ?? null],
    queryFn: () => trpc.rounds.handovers.query(courierId ? { courierId } : {}),
  });
  if (!handovers.data?.length) return null;
  return (
    <Card size="small" title="Dernières remises d’espèces">
      <Rows
        rows={handovers.data.map((h) => ({
          key: h.id,
          title: `${h.courierName} · ${shopDateTime(h.createdAt)}`,
          description: `Attendu ${formatXOF(h.expected)} · reçu ${formatXOF(h.received)} · ${
            h.difference === 0 ? 'aucun écart' : `écart ${h.difference > 0 ? '+' : ''}${formatXOF(h.difference)}`
          } (par ${h.receivedBy})`,
        }))}
      />
    </Card>
  );
}
