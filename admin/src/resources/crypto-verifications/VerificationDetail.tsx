import { cryptoTypes, cryptoVerifications, type RowOfResource, verificationStatuses, verificationTypes } from '@app/shared/resources';
import { retryUnlessRefused } from '../../providers/errors';
import { formatPhone } from '@app/shared/phone';

type Verification = RowOfResource<typeof cryptoVerifications>;
import { useOne, useUpdate } from '@refinedev/core';
import { Button, Card, Descriptions, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { WhatsAppButton } from '../WhatsAppButton';
import { PageTitle } from '../../layout/PageTitle';
import { StatusTag } from '../../fields/StatusTag';
import { BackButton, DetailStatus } from '../../crud/DetailStatus';
import { shopDateTime } from '../../providers/shop-day';

type Status = keyof typeof verificationStatuses;
const LIST = `/${cryptoVerifications.admin.route}`;

/** One verification request: its details, the status buttons, and the admin's notes saved with them. */
export default function VerificationDetail() {
  const { id = '' } = useParams();
  const { query, result: row } = useOne<Verification>({
    resource: cryptoVerifications.name,
    id,
    queryOptions: { retry: retryUnlessRefused },
  });
  const { mutate, mutation } = useUpdate();
  const [notes, setNotes] = useState('');
  useEffect(() => setNotes(typeof row?.notes === 'string' ? row.notes : ''), [row?.notes]);

  const back = <BackButton to={LIST} label="Retour à la liste" />;
  if (!row)
    return (
      <DetailStatus
        loading={query.isLoading}
        title="Demande non trouvée"
        subTitle="Cette demande de vérification n'existe pas ou a été supprimée."
        back={back}
      />
    );

  const status = row.status;
  const save = (next: Status) =>
    mutate({ resource: cryptoVerifications.name, id, values: { status: next, notes: notes.trim() ? notes : null } });
  const saving = mutation.isPending;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      {back}
      <Card
        title={<PageTitle style={{ fontSize: 18 }}>Demande de {row.name}</PageTitle>}
        extra={<StatusTag value={status} label={verificationStatuses[status]} />}
      >
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label="E-mail">{row.email}</Descriptions.Item>
          <Descriptions.Item label="Téléphone">
            <Space wrap>
              {formatPhone(row.phone)}
              <WhatsAppButton phone={row.phone} />
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="Type de crypto">{cryptoTypes[row.cryptoType]}</Descriptions.Item>
          <Descriptions.Item label="Type de vérification">{verificationTypes[row.verificationType]}</Descriptions.Item>
          <Descriptions.Item label="Adresse du portefeuille">
            <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
              {row.walletAddress}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="Reçue le">{shopDateTime(row.createdAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="Notes et statut">
        <label htmlFor="verification-notes" style={{ display: 'block', marginBottom: 6 }}>
          Notes de l'administrateur
        </label>
        <Input.TextArea
          id="verification-notes"
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          autoSize={{ minRows: 3, maxRows: 10 }}
          maxLength={5000}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 6 }}>
          Les notes sont enregistrées avec le changement de statut.
        </Typography.Paragraph>
        <Space wrap>
          <Button type="primary" loading={saving} disabled={status === 'completed'} onClick={() => save('completed')}>
            Marquer comme complétée
          </Button>
          <Button danger loading={saving} disabled={status === 'rejected'} onClick={() => save('rejected')}>
            Rejeter
          </Button>
          {status !== 'pending' ? (
            <Button loading={saving} onClick={() => save('pending')}>
              Remettre en attente
            </Button>
          ) : null}
          <Button loading={saving} onClick={() => save(status)}>
            Enregistrer les notes
          </Button>
        </Space>
      </Card>
    </Space>
  );
}
