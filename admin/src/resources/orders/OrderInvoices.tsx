import { type invoiceStatuses, invoiceTypes } from '@app/shared';
import { formatXOF } from '@app/shared/format';
import { Alert, Button, Card, Popconfirm, Space, Typography } from 'antd';
import { StatusTag } from '../../fields/StatusTag';
import type { useOrderActions } from './useOrderActions';

const TAGS: Record<keyof typeof invoiceStatuses, string> = {
  pending: 'Facture normalisée en attente',
  created: 'Facture normalisée en attente de confirmation',
  confirmed: 'Normalisée',
  failed: 'Facture normalisée en échec',
};

/** The order's normalized invoices (e-MECeF): waiting with the reason, or normalized with their code and document. */
export function OrderInvoices({ actions, trackingToken }: { actions: ReturnType<typeof useOrderActions>; trackingToken: string }) {
  const rows = actions.invoices.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Card title="Factures normalisées (e-MECeF)">
      <Space direction="vertical" style={{ width: '100%' }}>
        {rows.map((invoice) => (
          <div key={invoice.id} data-testid={`invoice-${invoice.type}`}>
            <Space wrap>
              <Typography.Text strong>{invoiceTypes[invoice.type]}</Typography.Text>
              <StatusTag value={invoice.status} label={TAGS[invoice.status]} />
            </Space>
            {invoice.status === 'confirmed' ? (
              <div>
                <div>Code MECeF/DGI : {invoice.codeMecef}</div>
                <div>
                  NIM {invoice.nim} · compteurs {invoice.counters} · {invoice.issuedAt}
                  {typeof (invoice.totals as { total?: number } | null)?.total === 'number' &&
                    ` · total ${formatXOF((invoice.totals as { total: number }).total)}`}
                </div>
                <a href={`/suivi/${trackingToken}/${invoice.type === 'FV' ? 'recu' : 'avoir'}.pdf`} target="_blank" rel="noopener">
                  Ouvrir la {invoice.type === 'FV' ? 'facture' : 'facture d’avoir'} (PDF)
                </a>
              </div>
            ) : (
              <Space direction="vertical" style={{ width: '100%' }}>
                {invoice.lastError && (
                  <Alert type={invoice.status === 'failed' ? 'error' : 'warning'} showIcon message={invoice.lastError} />
                )}
                {invoice.status === 'failed' && (
                  <Popconfirm
                    title="Demander de nouveau cette facture à la DGI ?"
                    description={
                      invoice.confirmSentAt
                        ? 'Seulement si le portail e-MECeF ne la montre pas : sinon la vente aurait deux factures.'
                        : 'Après avoir corrigé ce que la DGI indique.'
                    }
                    okText="Redemander"
                    cancelText="Annuler"
                    onConfirm={() => actions.retryInvoice.mutate(invoice.id)}
                  >
                    <Button loading={actions.retryInvoice.isPending}>
                      {invoice.confirmSentAt ? 'Redemander la facture' : 'Réessayer'}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            )}
          </div>
        ))}
      </Space>
    </Card>
  );
}
