import type { CartItem } from '@app/shared/cart';
import { useEffect } from 'react';
import { chosen, SessionChoice, useCourseSessions } from '../courses/SessionChoice';
import { useCart } from './useCart';

/**
 * A training's line in the cart: the session it is booked on, to change among those to come. A
 * session that has gone (past, closed, full meanwhile) is said so, and the order waits for a choice.
 */
export function LineSession({ item }: { item: CartItem }) {
  const { chooseSession } = useCart();
  const { sessions, isSuccess } = useCourseSessions(item.id);
  const current = sessions.find((s) => s.id === item.sessionId);
  const gone = isSuccess && item.sessionId !== undefined && (!current || current.seatsLeft < item.quantity);
  // The label the cart shows follows the shop's (a session moved to another day or room).
  useEffect(() => {
    if (current && chosen(current).label !== item.session) chooseSession(item.id, chosen(current));
  }, [current, item.id, item.session, chooseSession]);
  if (!isSuccess) return item.session ? <p className="text-sm text-slate-700 first-letter:uppercase">{item.session}</p> : null;
  if (sessions.length === 0) {
    return item.sessionId ? (
      <p className="text-sm text-red-700" role="alert">
        Cette session n’est plus proposée et aucune autre n’est prévue pour le moment : retirez la formation ou contactez-nous.
      </p>
    ) : null;
  }
  return (
    <SessionChoice
      name={`cart-session-${item.id}`}
      legend="Session"
      sessions={sessions}
      value={current ? current.id : undefined}
      onChange={(s) => chooseSession(item.id, chosen(s))}
      error={
        gone
          ? current
            ? `Il ne reste que ${current.seatsLeft} place(s) sur cette session : réduisez la quantité ou choisissez-en une autre.`
            : 'La session choisie n’est plus proposée : choisissez-en une autre.'
          : item.sessionId
            ? undefined
            : 'Choisissez une session pour cette formation.'
      }
    />
  );
}
