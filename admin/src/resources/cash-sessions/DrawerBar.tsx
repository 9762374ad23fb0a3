import { LinkButton } from '../../crud/LinkButton';
import { formatXOF } from '@app/shared/format';
import { recordPath } from '../../crud/places';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { toHttpError } from '../../providers/errors';
import { drawerToday, takeEarly } from '../../providers/session';
import { trpc } from '../../providers/trpc';

/** The drawer's queries: the counter and a day's screen read them again after any write. */
export const DRAWER_KEY = ['cash-drawer'] as const;

/**
 * Above the counter: the drawer's day open (what it should hold in cash, the way to its screen), or
 * closed with the way to open it with its float. Sales are recorded either way (never lost).
 */
export function DrawerBar() {
  const { notification } = App.useApp();
  const client = useQueryClient();
  const current = useQuery({ queryKey: [...DRAWER_KEY, 'current'], queryFn: () => takeEarly('drawer', drawerToday) });
  const [float, setFloat] = useState<number | null>(null);
  const [pending, setPending] = useState(false);

  // Said from the first paint, in the bar's own place: a seller reads the drawer's state before the
  // first sale, and the screen does not move under her finger when it arrives.
  if (current.isLoading) return <Alert type="info" showIcon message="Caisse : lecture de la journée en cours…" />;
  if (current.isError)
    return (
      <Alert
        type="warning"
        showIcon
        message="État de la caisse inconnu pour le moment (réseau) : les ventes sont gardées et envoyées dès son retour."
      />
    );
  const day = current.data;
  if (day)
    return (
      <Alert
        type="info"
        showIcon
        message={`Caisse ouverte · ${formatXOF(day.figures.expectedCash)} en espèces attendues`}
        action={
          <LinkButton to={recordPath('cashSessions', day.session.id)} size="small">
            Caisse
          </LinkButton>
        }
      />
    );

  async function openDay() {
    setPending(true);
    try {
      await trpc.cashSessions.open.mutate({ openingFloat: float ?? 0 });
      await client.invalidateQueries({ queryKey: DRAWER_KEY });
    } catch (error) {
      notification.error({ message: 'Caisse non ouverte', description: toHttpError(error).message });
    } finally {
      setPending(false);
    }
  }

  return (
    <Alert
      type="warning"
      showIcon
      message="Caisse fermée : ouvrez la journée avec le fond de caisse. Sinon, la première vente l’ouvre sans fond de caisse."
      description={
        <Space wrap style={{ marginTop: 8 }}>
          <InputNumber
            min={0}
            step={1000}
            precision={0}
            addonBefore="Fond de caisse"
            addonAfter="F CFA"
            aria-label="Fond de caisse"
            value={float}
            onChange={setFloat}
          />
          <Button type="primary" loading={pending} onClick={() => void openDay()}>
            Ouvrir la caisse
          </Button>
        </Space>
      }
    />
  );
}
