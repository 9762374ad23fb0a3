import { longDateTime, sessionLabel } from '@app/shared/format';
import { useQuery } from '@tanstack/react-query';
import { api, queries } from '../../lib/queries';
import type { RouterOutputs } from '../../lib/trpc';

export type UpcomingSession = RouterOutputs['courseSessions']['upcoming'][number];

/** A training's sessions to come, soonest first (one read for every training of the page and the cart). */
export function useCourseSessions(courseId: string, enabled = true) {
  const query = useQuery({ ...queries.sessions(api), enabled });
  return { ...query, sessions: query.data?.filter((s) => s.courseId === courseId) ?? [] };
}

/** The session a line is booked on, as the cart keeps it. */
export const chosen = (s: UpcomingSession) => ({ id: s.id, label: sessionLabel(s) });

const seatsText = (left: number) => (left === 0 ? 'Complet' : `${left} place${left > 1 ? 's' : ''} restante${left > 1 ? 's' : ''}`);

/**
 * The sessions of a training as radios: date and time in Benin, place or "En ligne", seats left.
 * A full one is shown but cannot be chosen.
 */
export function SessionChoice({
  name,
  sessions,
  value,
  onChange,
  legend = 'Choisissez une session',
  error,
}: {
  name: string;
  sessions: readonly UpcomingSession[];
  value: string | undefined;
  onChange: (session: UpcomingSession) => void;
  legend?: string;
  error?: string | undefined;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="space-y-2">
        {sessions.map((s) => {
          const full = s.seatsLeft === 0;
          return (
            <label
              key={s.id}
              className={`flex items-start gap-3 rounded-lg border p-3 text-sm ${full ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500' : 'cursor-pointer'} ${value === s.id ? 'border-blue-700 bg-blue-50' : full ? '' : 'border-slate-300 bg-white'}`}
            >
              <input
                type="radio"
                name={name}
                className="mt-1 size-4"
                checked={value === s.id}
                disabled={full}
                onChange={() => onChange(s)}
              />
              <span className="min-w-0 flex-1">
                <span className="block font-medium first-letter:uppercase">{longDateTime(s.startsAt)}</span>
                <span className="block text-slate-600">{s.online ? 'En ligne · lien donné à l’inscription' : s.place}</span>
                <span className={`block font-semibold ${full ? 'text-red-700' : s.seatsLeft <= 3 ? 'text-amber-800' : 'text-slate-700'}`}>
                  {seatsText(s.seatsLeft)}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
