import { Alert } from 'antd';
import dayjs from 'dayjs';
import { shopTime } from '../providers/shop-day';

/** Older than this, the last good backup is a warning on the dashboard. */
const STALE_DAYS = 2;

export interface Backups {
  lastGood: { file: string; bytes: number; at: string } | null;
  lastFailure: { error: string; at: string } | null;
  recent: { file: string | null; bytes: number | null; error: string | null; at: string }[];
}

export const when = (at: string) => shopTime(at).format('DD/MM/YYYY à HH:mm');
// Said to the owner, on her phone: what to ask of whoever runs the server (docs/deployment.md says how).
const HOW = 'Demandez à la personne qui gère le serveur de vérifier la sauvegarde de chaque nuit.';

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
