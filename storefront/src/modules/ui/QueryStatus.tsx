import { apiFailure } from '../../lib/errors';
import { useOnline } from '../../lib/online';

/** Loading and error states of a list or a record, with a retry for flaky connections. */
export function QueryStatus({
  isPending,
  error,
  retry,
  empty,
}: {
  isPending: boolean;
  error: unknown;
  retry: () => void;
  empty?: string | false;
}) {
  // Offline, queries wait (TanStack Query's online manager) and go out again when the connection returns.
  const online = useOnline();
  if (isPending && !online) {
    return (
      <p role="status" className="py-8 text-center text-slate-600">
        Vous êtes hors ligne. Le contenu s’affichera dès le retour de la connexion.
      </p>
    );
  }
  if (isPending) {
    return (
      <p role="status" className="py-8 text-center text-slate-500">
        Chargement...
      </p>
    );
  }
  if (error) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        <p>{apiFailure(error).message}</p>
        <button type="button" onClick={retry} className="mt-2 font-semibold underline">
          Réessayer
        </button>
      </div>
    );
  }
  if (empty) return <p className="py-8 text-center text-slate-500">{empty}</p>;
  return null;
}
