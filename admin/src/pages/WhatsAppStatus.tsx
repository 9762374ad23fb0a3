import { templateStatuses } from '@app/shared/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { Alert, Typography } from 'antd';
import { Link } from 'react-router';
import { shopDateTime } from '../providers/shop-day';
import { trpc } from '../providers/trpc';

/** Paramètres: whether the shop writes to customers on WhatsApp, and what Meta refuses now. */
export function WhatsAppStatus() {
  const status = useQuery({ queryKey: ['whatsapp', 'status'], queryFn: () => trpc.whatsapp.status.query() });
  const data = status.data;
  if (!data) return null;
  const webhook = (
    <>
      Adresse du webhook à donner à Meta (champ « messages ») : <Typography.Text copyable>{data.webhookUrl}</Typography.Text>
    </>
  );
  if (!data.configured)
    return (
      <Alert
        type="info"
        showIcon
        message="WhatsApp automatique désactivé : les liens wa.me restent"
        description={
          <>
            Pour que les clients reçoivent le suivi de leurs commandes sur WhatsApp et que leurs messages arrivent ici, ajoutez à la
            configuration du serveur WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_BUSINESS_ACCOUNT_ID, WHATSAPP_APP_SECRET et
            WHATSAPP_VERIFY_TOKEN (Meta for Developers). {webhook}
          </>
        }
      />
    );
  const problems = [
    ...(data.problem ? [data.problem] : []),
    ...data.unusable.map((t) => `Modèle « ${t.label} » : ${templateStatuses[t.status] ?? t.status}, remplacé par l’e-mail en attendant.`),
    ...(data.lastFailure ? [`Dernier échec (${shopDateTime(data.lastFailure.at)}) : ${data.lastFailure.text ?? ''}`] : []),
  ];
  return (
    <Alert
      type={problems.length ? 'warning' : 'success'}
      showIcon
      message="WhatsApp automatique actif"
      description={
        <>
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
          <div>
            {webhook} · <Link to="/whatsapp">Conversations et modèles</Link>
          </div>
        </>
      }
    />
  );
}
