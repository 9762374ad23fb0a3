import { type AlertKind, alertKinds, alertKindsFor } from '@app/shared/alerts';
import { Alert, App, Button, Card, Checkbox, Form, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { toHttpError } from '../providers/errors';
import { useMe } from '../providers/me';
import { type AlertsState, alertsState, deviceName, disableAlerts, enableAlerts, sendTestAlert } from './device-alerts';

const message = (error: unknown) => (error instanceof Error && !('data' in error) ? error.message : toHttpError(error).message);

/** "Recevoir les alertes sur cet appareil": Web Push on this phone or computer, with the owner's choice of alerts. */
export function DeviceAlertsCard() {
  const { notification } = App.useApp();
  // Only the alerts this person's role may read (the server sends no other).
  const { data: identity } = useMe();
  const offered = alertKindsFor(identity?.role ?? 'owner');
  const [state, setState] = useState<AlertsState | null>(null);
  const [device, setDevice] = useState(deviceName);
  const [kinds, setKinds] = useState<AlertKind[]>(offered);
  const [busy, setBusy] = useState<string | null>(null);

  const refresh = async () => {
    const next = await alertsState().catch(() => ({ status: 'off' }) as const);
    setState(next);
    if (next.status === 'on') {
      setDevice(next.device);
      setKinds(next.kinds);
    }
  };
  useEffect(() => void refresh(), []);

  async function run(label: string, task: () => Promise<unknown>, done: string) {
    setBusy(label);
    try {
      await task();
      notification.success({ message: done });
      await refresh();
    } catch (error) {
      notification.error({ message: 'Alertes non modifiées', description: message(error) });
    } finally {
      setBusy(null);
    }
  }

  const on = state?.status === 'on';
  return (
    <Card title="Alertes sur cet appareil" style={{ maxWidth: 560 }}>
      {state?.status === 'unsupported' ? (
        <Alert
          type="info"
          showIcon
          message="Ce navigateur ne peut pas recevoir d’alertes."
          description="Sur iPhone, ajoutez d’abord l’administration à l’écran d’accueil (Partager, puis « Sur l’écran d’accueil ») et ouvrez-la de là. Les alertes par e-mail continuent d’arriver."
        />
      ) : state?.status === 'blocked' ? (
        <Alert
          type="warning"
          showIcon
          message="Les notifications sont bloquées pour ce site."
          description="Autorisez-les dans les réglages du navigateur (icône à gauche de l’adresse), puis rechargez la page."
        />
      ) : (
        <Form layout="vertical" requiredMark={false}>
          <Typography.Paragraph type="secondary">
            {on
              ? 'Cet appareil sonne à chaque alerte choisie ci-dessous, même application fermée. Toucher l’alerte ouvre l’écran concerné.'
              : 'Faites sonner ce téléphone ou cet ordinateur à chaque nouvelle commande, sans rien installer. Les alertes par e-mail continuent d’arriver.'}
          </Typography.Paragraph>
          <Form.Item label="Nom de cet appareil" htmlFor="alerts-device" extra="Il figure dans les « Envois ».">
            <Input id="alerts-device" value={device} maxLength={100} onChange={(e) => setDevice(e.target.value)} />
          </Form.Item>
          <Form.Item label="Alertes à recevoir ici">
            <Checkbox.Group
              value={kinds.filter((kind) => offered.includes(kind))}
              onChange={(values) => setKinds(values as AlertKind[])}
              options={offered.map((kind) => ({ value: kind, label: alertKinds[kind] }))}
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            />
          </Form.Item>
          <Space wrap>
            <Button
              type="primary"
              loading={busy === 'enable'}
              disabled={!state || busy !== null}
              onClick={() =>
                void run(
                  'enable',
                  () => enableAlerts(device.trim() || deviceName(), kinds),
                  on ? 'Choix enregistrés.' : 'Alertes activées sur cet appareil.',
                )
              }
            >
              {on ? 'Enregistrer les choix' : 'Recevoir les alertes sur cet appareil'}
            </Button>
            {state?.status === 'on' ? (
              <>
                <Button
                  loading={busy === 'test'}
                  disabled={busy !== null}
                  onClick={() =>
                    void run('test', () => sendTestAlert(state.endpoint), 'Alerte d’essai envoyée : elle arrive dans quelques secondes.')
                  }
                >
                  Envoyer une alerte d’essai
                </Button>
                <Button
                  danger
                  loading={busy === 'disable'}
                  disabled={busy !== null}
                  onClick={() => void run('disable', disableAlerts, 'Cet appareil ne reçoit plus d’alertes.')}
                >
                  Ne plus recevoir d’alertes ici
                </Button>
              </>
            ) : null}
          </Space>
        </Form>
      )}
    </Card>
  );
}
