import { formatXOF } from '@app/shared/format';
import { Alert, Button, Card, Tag } from 'antd';
import { useState } from 'react';
import { Rows } from '../../layout/Rows';
import { shopDateTime } from '../../providers/shop-day';
import type { useSaleQueue } from './queue';

/**
 * The sales kept on this phone: "en attente d'envoi" until the network is back (sent by themselves
 * then), or refused by the server with its reason, for the owner to deal with and remove.
 */
export function PendingSales({ queue }: { queue: ReturnType<typeof useSaleQueue> }) {
  const [sending, setSending] = useState(false);
  if (!queue.queued.length) return null;
  const waiting = queue.queued.filter((s) => s.status === 'pending').length;
  return (
    <Card size="small" title={`Ventes gardées sur ce téléphone (${queue.queued.length})`}>
      <Rows
        rows={queue.queued.map((sale) => ({
          key: sale.key,
          title: (
            <>
              {`${shopDateTime(sale.soldAt)} · ${formatXOF(sale.total)} `}
              {sale.status === 'pending' ? <Tag color="orange">En attente d’envoi</Tag> : <Tag color="red">Refusée</Tag>}
            </>
          ),
          description: sale.status === 'refused' ? <Alert type="error" message={sale.error} /> : `${sale.input.items.length} article(s)`,
          actions:
            sale.status === 'refused'
              ? [
                  <Button key="dismiss" size="small" onClick={() => void queue.dismiss(sale.key)}>
                    Retirer
                  </Button>,
                ]
              : [],
        }))}
      />
      {waiting ? (
        <Button
          block
          loading={sending}
          onClick={() => {
            setSending(true);
            void queue.flush().finally(() => setSending(false));
          }}
        >
          Envoyer maintenant
        </Button>
      ) : null}
    </Card>
  );
}
