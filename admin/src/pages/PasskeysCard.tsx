import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, List, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { toHttpError } from '../providers/errors';
import { trpc } from '../providers/trpc';
import { addPasskey, passkeyFailure, passkeysSupported } from '../signin/passkey';
import { shopDateTime } from '../providers/shop-day';

const when = (at: string | null) => (at ? shopDateTime(at) : 'jamais');

/** Mes clés d’accès: sign in on this phone without typing the password (it stays as a fallback). */
export function PasskeysCard() {
  const { notification } = App.useApp();
  const passkeys = useQuery({ queryKey: ['passkeys'], queryFn: () => trpc.auth.passkeys.query() });
  const [adding, setAdding] = useState(false);
  const add = async () => {
    setAdding(true);
    try {
      const { name } = await addPasskey();
      notification.success({
        message: 'Clé d’accès ajoutée',
        description: `${name} : la prochaine fois, connectez-vous sans mot de passe.`,
      });
      await passkeys.refetch();
    } catch (error) {
      const http = toHttpError(error);
      notification.error({ message: 'Clé d’accès non ajoutée', description: http.statusCode ? http.message : passkeyFailure(error) });
    } finally {
      setAdding(false);
    }
  };
  const remove = async (id: string) => {
    try {
      await trpc.auth.removePasskey.mutate({ id });
      notification.success({ message: 'Clé d’accès supprimée' });
    } catch (error) {
      notification.error({ message: 'Clé d’accès non supprimée', description: toHttpError(error).message });
    }
    await passkeys.refetch();
  };
  return (
    <Card title="Mes clés d’accès" style={{ maxWidth: 560 }}>
      <Typography.Paragraph>
        Une clé d’accès vous connecte avec l’empreinte ou le code de votre téléphone, sans taper de mot de passe. Votre mot de passe reste
        valable.
      </Typography.Paragraph>
      <List
        loading={passkeys.isPending}
        locale={{ emptyText: <Typography.Text type="secondary">Aucune clé d’accès.</Typography.Text> }}
        dataSource={passkeys.data ?? []}
        renderItem={(p) => (
          <List.Item
            actions={[
              <Popconfirm
                key="remove"
                title="Supprimer cette clé d’accès ?"
                okText="Supprimer"
                cancelText="Annuler"
                onConfirm={() => remove(p.id)}
              >
                <Button danger type="link">
                  Supprimer
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={p.name}
              description={`Ajoutée le ${when(p.createdAt)} · utilisée ${p.lastUsedAt ? `le ${when(p.lastUsedAt)}` : 'jamais'}`}
            />
          </List.Item>
        )}
      />
      {passkeysSupported() ? (
        <Button type="primary" loading={adding} onClick={() => void add()} style={{ marginTop: 8 }}>
          Ajouter une clé d’accès sur cet appareil
        </Button>
      ) : (
        <Typography.Text type="secondary">Ce navigateur ne sait pas utiliser les clés d’accès.</Typography.Text>
      )}
    </Card>
  );
}
