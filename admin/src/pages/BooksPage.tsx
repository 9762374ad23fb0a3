import { DownloadOutlined } from '@ant-design/icons';
import { formatXOF } from '@app/shared/format';
import { EXPORTS, journalGroupings } from '@app/shared/resources';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, DatePicker, List, Row, Segmented, Skeleton, Space, Statistic, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { downloadExport } from '../providers/download';
import { toHttpError } from '../providers/errors';
import { shopToday } from '../providers/shop-day';
import { trpc } from '../providers/trpc';

// Comptabilité (issue 60): a month's sales journal under SYSCOHADA révisé and its VAT figures, as
// the accountant imports them (CSV, Excel). The server makes both (server/src/books/): this screen
// shows them and downloads the files; the accounts are set in Paramètres.

type Grouping = keyof typeof journalGroupings;
const DAY = 'YYYY-MM-DD';

export default function BooksPage() {
  const { notification } = App.useApp();
  const [month, setMonth] = useState<Dayjs>(shopToday().startOf('month'));
  const [grouping, setGrouping] = useState<Grouping>('day');
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const period = { from: month.startOf('month').format(DAY), to: month.endOf('month').format(DAY) };
  const journal = useQuery({
    queryKey: ['books', 'journal', period, grouping],
    queryFn: () => trpc.books.journal.query({ ...period, grouping }),
    placeholderData: (previous) => previous,
  });
  const vat = useQuery({
    queryKey: ['books', 'vat', period.from],
    queryFn: () => trpc.books.vat.query({ month: month.format('YYYY-MM') }),
    placeholderData: (previous) => previous,
  });
  const money = useQuery({
    queryKey: ['books', 'mobileMoney', period.from],
    queryFn: () => trpc.books.mobileMoney.query({ month: month.format('YYYY-MM') }),
    placeholderData: (previous) => previous,
  });
  // The twelve months up to the one chosen.
  const months = { from: month.subtract(11, 'month').format('YYYY-MM'), to: month.format('YYYY-MM') };
  const result = useQuery({
    queryKey: ['books', 'result', months],
    queryFn: () => trpc.books.result.query(months),
    placeholderData: (previous) => previous,
  });
  const download = async (kind: 'csv' | 'xlsx') => {
    setBusy(kind);
    try {
      await downloadExport(kind === 'csv' ? EXPORTS.journal : EXPORTS.journalExcel, { ...period, grouping });
    } catch (error) {
      notification.error({ message: "Erreur lors de l'export", description: toHttpError(error).message });
    } finally {
      setBusy(null);
    }
  };
  const data = journal.data;
  const error = journal.error ?? vat.error ?? result.error ?? money.error;
  const largest = Math.max(1, ...(result.data?.months ?? []).map((m) => Math.max(m.sales - m.returns, Math.abs(m.result))));

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
        Comptabilité
      </Typography.Title>
      <Space wrap>
        <DatePicker
          picker="month"
          aria-label="Mois"
          format="MMMM YYYY"
          allowClear={false}
          inputReadOnly
          value={month}
          disabledDate={(d) => d.isAfter(shopToday(), 'month')}
          onChange={(d) => d && setMonth(d.startOf('month'))}
        />
        <Segmented<Grouping>
          aria-label="Écritures"
          value={grouping}
          onChange={setGrouping}
          options={[
            { value: 'day', label: 'Par jour' },
            { value: 'sale', label: 'Par vente' },
          ]}
        />
      </Space>
      <Space wrap>
        <Button icon={<DownloadOutlined />} loading={busy === 'csv'} onClick={() => download('csv')}>
          Journal en CSV
        </Button>
        <Button icon={<DownloadOutlined />} loading={busy === 'xlsx'} onClick={() => download('xlsx')}>
          Journal et TVA en Excel
        </Button>
      </Space>
      {error && <Alert type="error" showIcon message="Comptabilité indisponible" description={toHttpError(error).message} />}
      {data && data.openCashDays.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message="Journal provisoire"
          description={`Journée de caisse non clôturée : ${data.openCashDays.map((d) => d.name).join(', ')}. Clôturez-la pour un journal définitif ; les fichiers exportés d’ici là sont marqués « provisoire ».`}
        />
      )}
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <Row gutter={[12, 12]}>
            {[
              { title: 'Ventes TTC', value: formatXOF(data.totals.sales) },
              { title: 'Retours', value: formatXOF(data.totals.returns) },
              { title: 'Net', value: formatXOF(data.totals.sales - data.totals.returns) },
              { title: 'Dépenses', value: formatXOF(data.totals.expenses) },
              { title: 'Écritures', value: String(data.entryCount) },
            ].map((s) => (
              <Col key={s.title} xs={12} md={8} xl={4}>
                <Card size="small">
                  <Statistic title={s.title} value={s.value} valueStyle={{ fontSize: 18 }} />
                </Card>
              </Col>
            ))}
          </Row>
          {/* Plain text: antd's green and red fail the contrast a phone in the sun needs. */}
          <Typography.Text strong={data.totals.debit !== data.totals.credit}>
            Total débit {formatXOF(data.totals.debit)} · total crédit {formatXOF(data.totals.credit)}
            {data.totals.debit === data.totals.credit ? ' : équilibré.' : ' : déséquilibré !'}
          </Typography.Text>
        </>
      )}
      <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>TVA du mois</h2>}>
        {!vat.data ? (
          <Skeleton active />
        ) : (
          <>
            <Table
              size="small"
              pagination={false}
              rowKey="group"
              dataSource={vat.data.groups}
              columns={[
                { title: 'Groupe', dataIndex: 'label' },
                { title: 'Base HT', dataIndex: 'base', align: 'right', render: (v: number) => formatXOF(v) },
                { title: 'TVA', dataIndex: 'vat', align: 'right', render: (v: number) => formatXOF(v) },
              ]}
              locale={{ emptyText: 'Aucune vente ce mois-ci.' }}
            />
            <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>
              TVA collectée à déclarer : <strong>{formatXOF(vat.data.vat)}</strong> (opérations taxables {formatXOF(vat.data.taxable)},
              exonérées ou hors TVA {formatXOF(vat.data.exempt)}).{' '}
              {vat.data.source === 'invoices'
                ? 'D’après les factures normalisées (e-MECeF).'
                : 'D’après les commandes (e-MECeF n’est pas activé).'}
            </Typography.Paragraph>
            {vat.data.missing.length > 0 && (
              <Alert
                style={{ marginTop: 8 }}
                type="warning"
                showIcon
                message={`${vat.data.missing.length} vente(s) ou retour(s) sans facture normalisée confirmée`}
                description={vat.data.missing
                  .slice(0, 20)
                  .map((m) => m.piece)
                  .join(', ')}
              />
            )}
          </>
        )}
      </Card>
      <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>Mobile Money du mois</h2>}>
        {!money.data ? (
          <Skeleton active />
        ) : (
          <>
            <Typography.Paragraph style={{ marginBottom: 8 }}>
              En ligne (FedaPay) : {formatXOF(money.data.online.received)} en {money.data.online.count} paiement(s), dont{' '}
              {formatXOF(money.data.online.fees)} de frais FedaPay. Au comptoir : {formatXOF(money.data.counter)}. À la livraison :{' '}
              {formatXOF(money.data.delivery)}. {money.data.matched} paiement(s) rapproché(s) de leur commande.
            </Typography.Paragraph>
            {money.data.issues.length === 0 && money.data.unpaid.length === 0 ? (
              <Alert
                type="success"
                showIcon
                message="Tout est rapproché : chaque paiement a sa commande, chaque commande livrée est payée."
              />
            ) : (
              <List
                size="small"
                header={<strong>À vérifier</strong>}
                dataSource={[
                  ...money.data.issues.map((i) => ({
                    key: `i-${i.number}-${i.problem}`,
                    text: `${i.number} · ${formatXOF(i.amount)} : ${i.problem}`,
                  })),
                  ...money.data.unpaid.map((u) => ({
                    key: `u-${u.number}`,
                    text: `${u.number} · ${formatXOF(u.amount)} : livrée, pas encore payée`,
                  })),
                ]}
                renderItem={(item) => <List.Item key={item.key}>{item.text}</List.Item>}
              />
            )}
          </>
        )}
      </Card>
      <Card
        size="small"
        title={<h2 style={{ fontSize: 16, margin: 0 }}>Résultat mensuel</h2>}
        extra={
          <Button size="small" href={`${EXPORTS.result}?${new URLSearchParams(months)}`} target="_blank" icon={<DownloadOutlined />}>
            PDF
          </Button>
        }
      >
        {!result.data ? (
          <Skeleton active />
        ) : (
          <>
            <List
              // Months without any activity are left out (a shop's first year), the one chosen always shown.
              dataSource={[...result.data.months]
                .reverse()
                .filter((m) => m.month === months.to || m.sales || m.returns || m.cost || m.expenses)}
              renderItem={(m) => (
                <List.Item style={{ display: 'block' }}>
                  <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                    <Typography.Text strong>{dayjs(`${m.month}-01`).format('MMMM YYYY')}</Typography.Text>
                    <Typography.Text strong>{formatXOF(m.result)}</Typography.Text>
                  </div>
                  {/* Net sales (light) and the result (dark, or striped when negative), to the same scale. */}
                  <div
                    aria-hidden
                    style={{ height: 6, background: '#d6e4ff', width: `${((m.sales - m.returns) / largest) * 100}%`, marginTop: 4 }}
                  />
                  <div
                    aria-hidden
                    style={{
                      height: 6,
                      marginTop: 2,
                      width: `${(Math.abs(m.result) / largest) * 100}%`,
                      background: m.result >= 0 ? '#1d39c4' : 'repeating-linear-gradient(45deg, #a8071a 0 4px, #ffccc7 4px 8px)',
                    }}
                  />
                  <div style={{ fontSize: 13, color: 'rgba(0,0,0,0.65)', marginTop: 4 }}>
                    Ventes HT {formatXOF(m.sales - m.returns)} · coût des ventes {formatXOF(m.cost)} · dépenses {formatXOF(m.expenses)}
                  </div>
                </List.Item>
              )}
            />
            <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0, fontSize: 13, color: 'rgba(0,0,0,0.65)' }}>
              Ventes et retours hors TVA ; coût d’achat connu pour {Math.round(result.data.total.costed * 100)} % des ventes sur la période.
            </Typography.Paragraph>
          </>
        )}
      </Card>
      {data && (
        <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>Écritures</h2>}>
          <List
            dataSource={data.entries}
            locale={{ emptyText: 'Aucune vente ni retour sur ce mois.' }}
            footer={
              data.entryCount > data.entries.length
                ? `${data.entries.length} écritures sur ${data.entryCount} : exportez le journal pour les voir toutes.`
                : undefined
            }
            renderItem={(entry) => (
              <List.Item style={{ display: 'block' }}>
                <Typography.Text strong>
                  {entry.date.split('-').reverse().join('/')} · {entry.piece}
                </Typography.Text>
                <div style={{ fontSize: 13, color: 'rgba(0,0,0,0.65)', marginBottom: 4 }}>{entry.label}</div>
                {entry.lines.map((line, i) => (
                  <div key={i} style={{ display: 'flex', gap: 8, fontSize: 13 }}>
                    <span style={{ width: 48, fontVariantNumeric: 'tabular-nums' }}>{line.account}</span>
                    <span style={{ flex: 1, minWidth: 0 }}>{line.label}</span>
                    <span style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                      {line.debit ? `D ${formatXOF(line.debit)}` : `C ${formatXOF(line.credit)}`}
                    </span>
                  </div>
                ))}
              </List.Item>
            )}
          />
        </Card>
      )}
    </Space>
  );
}
