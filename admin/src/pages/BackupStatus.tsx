import { Alert, Typography } from 'antd';
import dayjs from 'dayjs';
import { shopTime } from '../providers/shop-day';

/** Older than this, the last good backup is a warning on the dashboard. */
const STALE_DAYS = 2;

interface Backups {
  lastGood: { file: string; bytes: number; at: string } | null;
  lastFailure: { error: string; at: string } | null;
}

const when = (at: string) => shopTime(at).format('DD/MM/YYYY à HH:mm');
const size = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} Mo`;
const HOW = 'Le service « backup » de docker-compose en fait une chaque nuit ; sans Docker : npm run backup.';

/** The dashboard's word on backups: a warning on top when the last one failed, is missing or is old. */
export function BackupWarning({ backup }: { backup: Backups }) {
  const { lastGood, lastFailure } = backup;
  if (lastFailure)
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 16 }}
        message={`La dernière sauvegarde a échoué (${when(lastFailure.at)})`}
        description={
          <>
            <div>{lastFailure.error}</div>
            <div>{lastGood ? `Dernière sauvegarde réussie : ${when(lastGood.at)}.` : 'Aucune sauvegarde réussie.'}</div>
          </>
        }
      />
    );
  if (!lastGood)
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message="Aucune sauvegarde enregistrée"
        description={`Une panne de disque emporterait les commandes. ${HOW}`}
      />
    );
  const days = dayjs().diff(dayjs(lastGood.at), 'day');
  if (days >= STALE_DAYS)
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message={`Dernière sauvegarde il y a ${days} jours (${when(lastGood.at)})`}
        description={`Les sauvegardes quotidiennes ne se font plus. ${HOW}`}
      />
    );
  return null;
}

/** The last good backup, in a line under the dashboard. */
export function BackupLine({ backup }: { backup: Backups }) {
  if (!backup.lastGood) return null;
  return (
    <Typography.Text type="secondary">
      Dernière sauvegarde : {when(backup.lastGood.at)} ({size(backup.lastGood.bytes)})
    </Typography.Text>
  );
}
