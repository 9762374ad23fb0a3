import { countOf } from '@app/shared/format';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { BackButton } from '../../crud/DetailStatus';
import ResourceForm from '../../crud/ResourceForm';
import { entryNamed } from '../../crud/entries';
import { toHttpError } from '../../providers/errors';
import { trpc } from '../../providers/trpc';

const entry = entryNamed('newsletters');

/**
 * A letter: its form while it has not left, the mail as subscribers will see it, a test to oneself,
 * the sending to every confirmed subscriber, then what became of it (sent, waiting, failed, left).
 */
export default function LetterDetail() {
  const { id = '' } = useParams();
  const { notification } = App.useApp();
  const preview = useQuery({
    queryKey: ['newsletters', 'preview', id],
    queryFn: () => trpc.newsletters.preview.query({ id }),
    enabled: !!id,
  });
  const stats = useQuery({
    queryKey: ['newsletters', 'stats', id],
    queryFn: () => trpc.newsletters.stats.query({ id }),
    enabled: !!id,
    refetchInterval: (query) => (query.state.data?.queuing ? 2_000 : query.state.data?.waiting ? 15_000 : false),
  });
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (what: string, call: () => Promise<unknown>, done: (answer: never) => string) => {
    setBusy(what);
    try {
      const answer = await call();
      notification.success({ message: done(answer as never) });
      await Promise.all([stats.refetch(), preview.refetch()]);
    } catch (error) {
      notification.error({ message: 'Non envoyé', description: toHttpError(error).message });
    } finally {
      setBusy(null);
    }
  };
  const s = stats.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      <BackButton to={entry.paths.list} label="Retour aux lettres" />
      {s?.sentAt ? (
        <Card title="Envoi">
          <Descriptions
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'to', label: 'Destinataires', children: s.queuing ? `${s.recipients} (mise en file en cours…)` : s.recipients },
              { key: 'sent', label: 'Envoyées', children: s.sent },
              { key: 'waiting', label: 'En attente', children: s.waiting },
              { key: 'failed', label: 'Échecs', children: s.failed },
              { key: 'left', label: 'Désinscriptions depuis', children: s.unsubscribed },
            ]}
          />
        </Card>
      ) : (
        <ResourceForm entry={entry} action="edit" />
      )}
      <Card
        title="Aperçu"
        extra={
          !s?.sentAt && (
            <Space wrap>
              <Button
                loading={busy === 'test'}
                onClick={() =>
                  run(
                    'test',
                    () => trpc.newsletters.sendTest.mutate({ id }),
                    () => 'Test envoyé à votre adresse',
                  )
                }
              >
                M’envoyer un test
              </Button>
              <Popconfirm
                title={`Envoyer à ${countOf(preview.data?.audience ?? 0, 'abonné confirmé', 'abonnés confirmés')} ?`}
                description="Une lettre partie ne se rappelle pas. Enregistrez vos modifications avant."
                okText="Envoyer"
                cancelText="Annuler"
                onConfirm={() =>
                  run(
                    'send',
                    () => trpc.newsletters.send.mutate({ id }),
                    (a: { recipients: number }) => `Lettre en route vers ${countOf(a.recipients, 'abonné', 'abonnés')}`,
                  )
                }
              >
                <Button type="primary" loading={busy === 'send'} disabled={!preview.data?.audience}>
                  Envoyer aux abonnés
                </Button>
              </Popconfirm>
            </Space>
          )
        }
      >
        {preview.error && <Alert type="error" showIcon message={toHttpError(preview.error).message} />}
        {preview.data && (
          <iframe
            title="Aperçu de la lettre"
            sandbox=""
            srcDoc={preview.data.html}
            style={{ width: '100%', height: 520, border: '1px solid #f0f0f0', borderRadius: 6, background: '#fff' }}
          />
        )}
      </Card>
    </Space>
  );
}
