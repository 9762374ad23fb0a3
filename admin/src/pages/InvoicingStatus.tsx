import { countOf } from '@app/shared/format';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import dayjs from 'dayjs';
import { trpc } from '../providers/trpc';

/** Paramètres: whether normalized invoices are on, and what the DGI's e-MCF service says of the shop. */
export function InvoicingStatus() {
  const status = useQuery({ queryKey: ['settings', 'invoicing'], queryFn: () => trpc.settings.invoicing.query() });
  const data = status.data;
  if (!data) return null;
  if (!data.configured)
    return (
      <Alert
        type="info"
        showIcon
        message="Factures normalisées (e-MECeF) désactivées"
        description="Pour que chaque commande payée reçoive sa facture normalisée de la DGI, ajoutez EMECEF_TOKEN (le jeton du portail e-MECeF) et EMECEF_API_BASE à la configuration du serveur, puis renseignez l’IFU ci-dessous."
      />
    );
  if (!data.ok)
    return <Alert type="error" showIcon message="Le service e-MECeF de la DGI ne répond pas comme prévu" description={data.error} />;
  if (data.settingsIfu !== data.ifu)
    return (
      <Alert
        type="warning"
        showIcon
        message={`Factures normalisées (e-MECeF) · NIM ${data.nim}`}
        description={
          data.settingsIfu
            ? `L’IFU de Paramètres (${data.settingsIfu}) n’est pas celui du jeton e-MECeF (${data.ifu}) : la DGI refusera les factures. Corrigez l’IFU ci-dessous.`
            : `Renseignez l’IFU de l’entreprise ci-dessous (${data.ifu} d’après le jeton e-MECeF) : sans lui, aucune facture normalisée ne peut être demandée.`
        }
      />
    );
  const until = dayjs(data.tokenValid);
  const soon = until.isValid() && until.diff(dayjs(), 'day') < 30;
  return (
    <Alert
      type={soon ? 'warning' : 'success'}
      showIcon
      message={`Factures normalisées (e-MECeF) actives · NIM ${data.nim} · IFU ${data.ifu}`}
      description={
        until.isValid()
          ? `Jeton valable jusqu’au ${until.format('DD/MM/YYYY')}${soon ? ' : demandez-en un nouveau sur le portail e-MECeF avant cette date.' : '.'}${data.pending ? ` ${countOf(data.pending, 'facture en attente', 'factures en attente')} de confirmation à la DGI.` : ''}`
          : undefined
      }
    />
  );
}
