import { Bar, Column, Pie } from '@ant-design/plots';
import { formatXOF } from '@app/shared/format';
import { labelOf, orderChannels, orderStatuses, paymentMethods } from '@app/shared/resources';
import type { SalesGrouping, SalesReport } from '@app/shared/sales';
import { Card, Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { periodLabel } from './period-label';

// The four drawings of the sales (G2, through Ant Design's charts), hidden from screen readers,
// which read the same figures in SalesCharts' tables.
const compact = (n: number) => new Intl.NumberFormat('fr-FR', { notation: 'compact', maximumFractionDigits: 1 }).format(n);
const money = [{ channel: 'y', valueFormatter: (v: number) => formatXOF(v) }];
const HEIGHT = 240;
/** A long product name cut for the axis (the tooltip and the table have it whole). */
const short = (name: string) => (name.length > 20 ? `${name.slice(0, 19).trimEnd()}…` : name);

function Figure({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="small" title={title} styles={{ body: { padding: 8 } }}>
      <div aria-hidden="true" data-testid="chart">
        {children}
      </div>
    </Card>
  );
}

export default function SalesPlots({ report, by }: { report: SalesReport; by: SalesGrouping }) {
  const series = report.series.map((p) => ({ ...p, label: periodLabel(p.period, by) }));
  const statuses = report.statuses.filter((s) => s.orders > 0).map((s) => ({ name: labelOf(orderStatuses, s.status), value: s.orders }));
  const payments = report.payments.filter((p) => p.revenue > 0).map((p) => ({ name: labelOf(paymentMethods, p.method), value: p.revenue }));
  const channels = report.channels.filter((c) => c.revenue > 0).map((c) => ({ name: labelOf(orderChannels, c.channel), value: c.revenue }));
  // Amounts by name: the names on the axis, cut when long.
  const bars = {
    height: HEIGHT,
    autoFit: true,
    axis: { y: { labelFormatter: compact, title: false }, x: { title: false, labelFormatter: short } },
    tooltip: { items: money },
  };
  const pie = {
    angleField: 'value',
    colorField: 'name',
    height: HEIGHT,
    autoFit: true,
    innerRadius: 0.6,
    legend: { color: { position: 'bottom' } },
  };
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24}>
        <Figure title="Chiffre d’affaires">
          <Column
            data={series}
            xField="label"
            yField="revenue"
            height={HEIGHT}
            autoFit
            axis={{ y: { labelFormatter: compact, title: false }, x: { title: false, labelAutoHide: true } }}
            tooltip={{ items: money }}
            style={{ fill: '#1677ff' }}
          />
        </Figure>
      </Col>
      <Col xs={24} lg={12}>
        <Figure title="Meilleures ventes">
          <Bar data={report.bestSellers} xField="name" yField="revenue" {...bars} />
        </Figure>
      </Col>
      <Col xs={24} lg={12}>
        <Figure title="Marge brute par catégorie">
          <Bar data={report.categories.filter((c) => c.costed)} xField="label" yField="margin" {...bars} style={{ fill: '#389e0d' }} />
        </Figure>
      </Col>
      <Col xs={24} md={12} lg={8}>
        <Figure title="Commandes par statut">
          <Pie data={statuses} {...pie} tooltip={{ items: [{ channel: 'y', name: 'Commandes' }] }} />
        </Figure>
      </Col>
      <Col xs={24} md={12} lg={8}>
        <Figure title="Modes de paiement">
          <Pie data={payments} {...pie} tooltip={{ items: money }} />
        </Figure>
      </Col>
      <Col xs={24} md={12} lg={8}>
        <Figure title="Ventes par canal">
          <Pie data={channels} {...pie} tooltip={{ items: money }} />
        </Figure>
      </Col>
    </Row>
  );
}
