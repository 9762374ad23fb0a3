import { formatDifference as difference, formatXOF } from '@app/shared/format';
import { adminPath, cashSessions, EXPORTS } from '@app/shared/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Input, InputNumber, List, Popconfirm, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { BackButton, DetailStatus } from '../../crud/DetailStatus';
import { PageTitle } from '../../layout/PageTitle';
import { toHttpError } from '../../providers/errors';
import { shopDateTime } from '../../providers/shop-day';
import { trpc } from '../../providers/trpc';
import { DRAWER_KEY } from './DrawerBar';

const LIST = adminPath(cashSessions).replace(/^\/admin/, '');
const label = (key: keyof typeof cashSessions.fields) => cashSessions.fields[key].label;
/** What the owner counts at closing, per payment method. */
const COUNTED = [
  { key: 'cash', field: 'countedCash', prefix: 'Espèces comptées' },
  { key: 'mobileMoney', field: 'countedMobileMoney', prefix: 'Mobile Money' },
] as const;

/**
 * A day of the cash drawer: what it should hold (float, cash sales, cash in and out, Mobile Money);
 * while open, cash in and out with a reason and the closing ("clôture de caisse") with what was
 * counted; once closed, the differences. Its X or Z report prints on the counter's roll.
 */
export default function CashDayDetail() {
  const { id = '' } = useParams();
  const { notification } = App.useApp();
  const client = useQueryClient();
  const day = useQuery({ queryKey: [...DRAWER_KEY, id], queryFn: () => trpc.cashSessions.get.query({ id }), retry: false });
  const open = day.data ? day.data.closedAt === null : false;
  const current = useQuery({ queryKey: [...DRAWER_KEY, 'current'], queryFn: () => trpc.cashSessions.current.query(), enabled: open });
  const [move, setMove] = useState<{ kind: 'in' | 'out'; amount: number | null; reason: string }>({ kind: 'in', amount: null, reason: '' });
  const [count, setCount] = useState<{ cash: number | null; mobileMoney: number | null; note: string }>({
    cash: null,
    mobileMoney: null,
    note: '',
  });
  const [pending, setPending] = useState(false);

  /** A write, then the day and the counter's drawer read again; a refusal said in French. */
  async function write(action: () => Promise<unknown>, done: string) {
    setPending(true);
    try {
      await action();
      await client.invalidateQueries({ queryKey: DRAWER_KEY });
      notification.success({ message: done });
      return true;
    } catch (error) {
      const { message, errors } = toHttpError(error);
      const field = Object.values(errors ?? {})[0];
      notification.error({ message: 'Non enregistré', description: typeof field === 'string' ? field : message });
      return false;
    } finally {
      setPending(false);
    }
  }

  const back = <BackButton to={LIST} label="Retour à la caisse" />;
  const session = day.data;
  if (!session) return <DetailStatus loading={day.isLoading} title="Journée introuvable" back={back} />;
  const figures = current.data?.session.id === session.id ? current.data.figures : null;
  const report = `${EXPORTS.drawerReport}?session=${session.id}`;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 720 }}>
      {back}
      <Card
        title={<PageTitle style={{ fontSize: 18 }}>{session.name}</PageTitle>}
        extra={
          <Button href={report} target="_blank">
            {open ? 'Rapport X (PDF)' : 'Rapport Z (PDF)'}
          </Button>
        }
      >
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label="Ouverte">{`${shopDateTime(session.createdAt)} par ${session.openedBy}`}</Descriptions.Item>
          {session.closedAt ? (
            <Descriptions.Item label="Clôturée">{`${shopDateTime(session.closedAt)} par ${session.closedBy}`}</Descriptions.Item>
          ) : null}
          <Descriptions.Item label={label('openingFloat')}>{formatXOF(session.openingFloat)}</Descriptions.Item>
          <Descriptions.Item label={label('salesCount')}>{session.salesCount ?? figures?.salesCount ?? '…'}</Descriptions.Item>
          <Descriptions.Item label={label('salesTotal')}>{formatXOF(session.salesTotal ?? figures?.salesTotal ?? 0)}</Descriptions.Item>
          <Descriptions.Item label={label('expectedCash')}>
            {formatXOF(session.expectedCash ?? figures?.expectedCash ?? 0)}
          </Descriptions.Item>
          <Descriptions.Item label={label('expectedMobileMoney')}>
            {formatXOF(session.expectedMobileMoney ?? figures?.expectedMobileMoney ?? 0)}
          </Descriptions.Item>
          {session.closedAt ? (
            <>
              <Descriptions.Item label={label('countedCash')}>{formatXOF(session.countedCash ?? 0)}</Descriptions.Item>
              <Descriptions.Item label={label('cashDifference')}>
                <Typography.Text strong type={session.cashDifference ? 'danger' : 'success'} data-testid="cash-difference">
                  {difference(session.cashDifference ?? 0)}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={label('countedMobileMoney')}>{formatXOF(session.countedMobileMoney ?? 0)}</Descriptions.Item>
              <Descriptions.Item label={label('mobileMoneyDifference')}>
                <Typography.Text strong type={session.mobileMoneyDifference ? 'danger' : 'success'}>
                  {difference(session.mobileMoneyDifference ?? 0)}
                </Typography.Text>
              </Descriptions.Item>
              {session.closingNote ? <Descriptions.Item label={label('closingNote')}>{session.closingNote}</Descriptions.Item> : null}
            </>
          ) : null}
        </Descriptions>
      </Card>

      <Card size="small" title={label('movements')}>
        <List
          locale={{ emptyText: 'Aucune entrée ni sortie' }}
          dataSource={session.movements}
          renderItem={(m) => (
            <List.Item extra={`${m.kind === 'in' ? '+' : '−'}${formatXOF(m.amount)}`}>
              <List.Item.Meta
                title={`${m.kind === 'in' ? 'Entrée' : 'Sortie'} · ${m.reason}`}
                description={`${shopDateTime(m.at)} · ${m.by}`}
              />
            </List.Item>
          )}
        />
        {open ? (
          <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}>
            <Segmented
              block
              value={move.kind}
              onChange={(kind) => setMove({ ...move, kind: kind as 'in' | 'out' })}
              options={[
                { label: 'Entrée d’espèces', value: 'in' },
                { label: 'Sortie d’espèces', value: 'out' },
              ]}
            />
            <InputNumber
              style={{ width: '100%' }}
              min={1}
              step={500}
              precision={0}
              addonAfter="F CFA"
              aria-label="Montant du mouvement"
              value={move.amount}
              onChange={(amount) => setMove({ ...move, amount })}
            />
            <Input
              aria-label="Motif"
              placeholder="Motif (monnaie de la banque, achat, dépôt…)"
              maxLength={200}
              value={move.reason}
              onChange={(e) => setMove({ ...move, reason: e.target.value })}
            />
            <Button
              disabled={!move.amount}
              loading={pending}
              onClick={() =>
                void write(
                  () => trpc.cashSessions.move.mutate({ kind: move.kind, amount: move.amount ?? 0, reason: move.reason }),
                  move.kind === 'in' ? 'Entrée enregistrée' : 'Sortie enregistrée',
                ).then((ok) => ok && setMove({ kind: move.kind, amount: null, reason: '' }))
              }
            >
              Enregistrer le mouvement
            </Button>
          </Space>
        ) : null}
      </Card>

      {open ? (
        <Card size="small" title="Clôture de caisse">
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text type="secondary">
              Comptez les billets et pièces du tiroir, et le solde Mobile Money reçu aujourd’hui sur le téléphone de la boutique.
            </Typography.Text>
            {COUNTED.map(({ key, field, prefix }) => (
              <InputNumber
                key={key}
                size="large"
                style={{ width: '100%' }}
                min={0}
                step={500}
                precision={0}
                addonBefore={prefix}
                addonAfter="F CFA"
                aria-label={label(field)}
                value={count[key]}
                onChange={(value) => setCount({ ...count, [key]: value })}
              />
            ))}
            {figures && count.cash !== null ? (
              <Alert
                type={count.cash === figures.expectedCash ? 'success' : 'warning'}
                showIcon
                message={`Écart espèces : ${difference(count.cash - figures.expectedCash)}`}
              />
            ) : null}
            <Input.TextArea
              aria-label={label('closingNote')}
              placeholder="Commentaire (facultatif) : ce qui explique un écart"
              maxLength={1000}
              value={count.note}
              onChange={(e) => setCount({ ...count, note: e.target.value })}
            />
            <Popconfirm
              title="Clôturer la journée ?"
              description="La journée ne pourra plus être modifiée ; son rapport Z en garde la trace."
              okText="Clôturer"
              cancelText="Annuler"
              onConfirm={() =>
                void write(
                  () =>
                    trpc.cashSessions.close.mutate({
                      countedCash: count.cash ?? 0,
                      countedMobileMoney: count.mobileMoney ?? 0,
                      ...(count.note.trim() ? { note: count.note } : {}),
                    }),
                  'Caisse clôturée',
                )
              }
            >
              <Button
                type="primary"
                size="large"
                block
                danger
                loading={pending}
                disabled={count.cash === null || count.mobileMoney === null}
              >
                Clôturer la caisse
              </Button>
            </Popconfirm>
          </Space>
        </Card>
      ) : null}
    </Space>
  );
}
