import { DownloadOutlined } from '@ant-design/icons';
import { countOf, formatXOF } from '@app/shared/format';
import { itemTypes, labelOf, orderChannels, orderStatuses, paymentMethods } from '@app/shared/resources';
import {
  type Margin,
  marginRate,
  type SalesGrouping,
  type SalesItemGrouping,
  salesItemGroupings,
  type SalesReport,
  salesGroupings,
} from '@app/shared/sales';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, DatePicker, Row, Segmented, Select, Skeleton, Space, Statistic, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { Component, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { downloadExport } from '../providers/download';
import { shopToday } from '../providers/shop-day';
import { periodLabel } from './period-label';
import { toHttpError } from '../providers/errors';
import { trpc } from '../providers/trpc';
import { EXPORTS } from '@app/shared/resources';

// The charts' code (G2) is loaded only here, once the sales are scrolled into view: tables carry the
// same figures for screen readers (the drawings are hidden from them), and for everyone if the
// charts cannot load.
const SalesPlots = lazy(() => import('./SalesPlots'));

const PERIODS = {
  '7': { label: '7 derniers jours', days: 7, by: 'day' },
  '30': { label: '30 derniers jours', days: 30, by: 'day' },
  '90': { label: '90 derniers jours', days: 90, by: 'week' },
  '365': { label: '12 derniers mois', days: 365, by: 'month' },
  custom: { label: 'Période choisie', days: 0, by: 'day' },
} as const satisfies Record<string, { label: string; days: number; by: SalesGrouping }>;
type Preset = keyof typeof PERIODS;

const DAY = 'YYYY-MM-DD';
const percent = (share: number) => `${(share * 100).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} %`;

/** The dashboard's sales: a period and its grouping, the totals, four charts and their tables, a CSV. */
export function SalesCharts() {
  const [preset, setPreset] = useState<Preset>('30');
  const [range, setRange] = useState<[Dayjs, Dayjs]>([shopToday().subtract(29, 'day'), shopToday()]);
  const [by, setBy] = useState<SalesGrouping>('day');
  const [items, setItems] = useState<SalesItemGrouping>('variant');
  const { notification } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const input = { from: range[0].format(DAY), to: range[1].format(DAY), by, items };
  // The figures come with the grouping they were asked for: while another one loads, the previous
  // figures stay (dimmed) under their own labels, never days named as months.
  const sales = useQuery({
    queryKey: ['dashboard', 'sales', input],
    queryFn: async () => ({ by: input.by, report: await trpc.dashboard.sales.query(input) }),
    placeholderData: (previous) => previous,
  });

  const choose = (value: Preset) => {
    setPreset(value);
    if (value === 'custom') return;
    setRange([shopToday().subtract(PERIODS[value].days - 1, 'day'), shopToday()]);
    setBy(PERIODS[value].by);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadExport(EXPORTS.sales, input);
    } catch (error) {
      notification.error({ message: "Erreur lors de l'export", description: (error as Error).message, role: 'alert' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card id="ventes" title={<h2 style={{ fontSize: 16, margin: 0 }}>Ventes</h2>} style={{ marginTop: 16 }}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<Preset>
          aria-label="Période"
          value={preset}
          onChange={choose}
          style={{ minWidth: 180 }}
          options={Object.entries(PERIODS).map(([value, p]) => ({ value: value as Preset, label: p.label }))}
        />
        {preset === 'custom' ? (
          <DatePicker.RangePicker
            aria-label="Du … au …"
            value={range}
            format="DD/MM/YYYY"
            allowClear={false}
            disabledDate={(d) => d.isAfter(shopToday(), 'day')}
            onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
          />
        ) : null}
        <Segmented<SalesGrouping>
          aria-label="Grouper par"
          value={by}
          onChange={setBy}
          options={Object.entries(salesGroupings).map(([value, label]) => ({ value: value as SalesGrouping, label }))}
        />
        <Segmented<SalesItemGrouping>
          aria-label="Meilleures ventes"
          value={items}
          onChange={setItems}
          options={Object.entries(salesItemGroupings).map(([value, label]) => ({ value: value as SalesItemGrouping, label }))}
        />
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportCsv}>
          Exporter en CSV
        </Button>
      </Space>
      {sales.isError ? (
        <Alert type="error" showIcon message="Ventes indisponibles" description={toHttpError(sales.error).message} />
      ) : !sales.data ? (
        <Skeleton active />
      ) : (
        <div style={{ opacity: sales.isPlaceholderData ? 0.5 : 1, transition: 'opacity 0.2s' }} aria-busy={sales.isPlaceholderData}>
          <SalesFigures report={sales.data.report} by={sales.data.by} />
        </div>
      )}
    </Card>
  );
}

/** A margin and its rate, or a dash when no line of it had a known cost. */
const marginText = (m: Margin) => (m.costed ? `${formatXOF(m.margin)} (${percent(marginRate(m))})` : '—');

function SalesFigures({ report, by }: { report: SalesReport; by: SalesGrouping }) {
  const { totals } = report;
  const tiles = [
    {
      title: 'Chiffre d’affaires',
      value: formatXOF(totals.revenue),
      // Net of the period's returns, said with them.
      note: totals.returns ? `Net de ${countOf(totals.returns, 'retour', 'retours')} : ${formatXOF(totals.returned)} rendus` : undefined,
    },
    { title: 'Ventes (livrées ou payées)', value: totals.sales },
    { title: 'Panier moyen', value: formatXOF(totals.averageSale) },
    { title: 'Part du Mobile Money', value: percent(totals.mobileMoneyShare) },
    {
      title: 'Marge brute',
      value: totals.costed ? formatXOF(totals.margin) : '—',
      // What it is measured on: the articles whose cost was known when sold.
      note: totals.costed
        ? `Taux ${percent(totals.marginRate)}, sur ${percent(totals.costedShare)} du chiffre d’affaires (articles au coût connu)`
        : 'Aucun article vendu n’avait de coût d’achat : renseignez-le sur les produits.',
    },
  ];
  const tables = {
    revenue: (
      <FigureTable
        caption={`Chiffre d’affaires par ${salesGroupings[by].toLowerCase()}`}
        head={[salesGroupings[by], 'Chiffre d’affaires', 'Ventes', 'Commandes passées', 'Marge brute']}
        rows={report.series.map((p) => [periodLabel(p.period, by), formatXOF(p.revenue), p.sales, p.placed, marginText(p)])}
      />
    ),
    best: (
      <FigureTable
        caption="Meilleures ventes"
        head={['Article', 'Type', 'Quantité', 'Chiffre d’affaires', 'Marge brute']}
        rows={report.bestSellers.map((b) => [b.name, labelOf(itemTypes, b.type), b.quantity, formatXOF(b.revenue), marginText(b)])}
      />
    ),
    categories: (
      <FigureTable
        caption="Ventes et marge par catégorie"
        head={['Catégorie', 'Chiffre d’affaires', 'Marge brute']}
        rows={report.categories.map((c) => [c.label, formatXOF(c.revenue), marginText(c)])}
      />
    ),
    statuses: (
      <FigureTable
        caption="Commandes par statut"
        head={['Statut', 'Commandes']}
        rows={report.statuses.map((s) => [labelOf(orderStatuses, s.status), s.orders])}
      />
    ),
    payments: (
      <FigureTable
        caption="Ventes par mode de paiement"
        head={['Mode de paiement', 'Ventes', 'Chiffre d’affaires']}
        rows={report.payments.map((p) => [labelOf(paymentMethods, p.method), p.sales, formatXOF(p.revenue)])}
      />
    ),
    channels: (
      <FigureTable
        caption="Ventes par canal"
        head={['Canal', 'Ventes', 'Chiffre d’affaires', 'Marge brute']}
        rows={report.channels.map((c) => [labelOf(orderChannels, c.channel), c.sales, formatXOF(c.revenue), marginText(c)])}
      />
    ),
  };
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {tiles.map((t) => (
          <Col key={t.title} flex="1 1 140px">
            <Statistic title={t.title} value={t.value} valueStyle={{ fontSize: 22 }} />
            {t.note ? <Typography.Text type="secondary">{t.note}</Typography.Text> : null}
          </Col>
        ))}
      </Row>
      <ChartsOrTables tables={tables}>
        <div className="sr-only">{Object.values(tables)}</div>
        <WhenSeen fallback={<Skeleton active />}>
          <Suspense fallback={<Skeleton active />}>
            <SalesPlots report={report} by={by} />
          </Suspense>
        </WhenSeen>
      </ChartsOrTables>
    </>
  );
}

type FigureTables = Record<'revenue' | 'best' | 'categories' | 'statuses' | 'payments' | 'channels', ReactNode>;

/** A chart's figures as a table: read by screen readers under the drawing, shown when the charts cannot be. */
function FigureTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="sales-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            {row.map((cell, j) =>
              j === 0 ? (
                <th key={j} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={j}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Its children once scrolled into view: on a phone the charts sit below the day's orders, and their
 * code is fetched only when the owner goes to look at them.
 */
function WhenSeen({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (seen || !ref.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin: '200px' });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [seen]);
  return <div ref={ref}>{seen ? children : fallback}</div>;
}

/** If the charts' code cannot be fetched (offline, an old deploy), the tables show instead. */
class ChartsOrTables extends Component<{ tables: FigureTables; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon message="Graphiques indisponibles hors connexion : voici les mêmes chiffres." />
        {Object.values(this.props.tables)}
      </Space>
    );
  }
}
