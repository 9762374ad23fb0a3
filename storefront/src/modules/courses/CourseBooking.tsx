import { useState } from 'react';
import { toast } from '../ui/toast';
import { useCart } from '../cart/useCart';
import { primaryButton } from '../ui/buttons';
import { NoScriptNote } from '../ui/NoScriptNote';
import { chosen, SessionChoice, useCourseSessions } from './SessionChoice';

/** A training's sessions to come and "S'inscrire": a seat of the chosen one goes in the cart. */
export function CourseBooking({ course }: { course: { id: string; title: string; price: number; image: string | null } }) {
  const { add } = useCart();
  const { sessions } = useCourseSessions(course.id);
  const open = sessions.filter((s) => s.seatsLeft > 0);
  // The soonest session with seats left, until the shopper picks another.
  const [picked, pick] = useState<string | undefined>(undefined);
  const session = open.find((s) => s.id === picked) ?? open[0];
  return (
    <>
      <NoScriptNote>L’inscription passe par le panier, qui a besoin de JavaScript, que ce navigateur n’exécute pas.</NoScriptNote>
      {sessions.length > 0 && (
        <SessionChoice
          name={`session-${course.id}`}
          legend="Prochaines sessions"
          sessions={sessions}
          value={session?.id}
          onChange={(s) => pick(s.id)}
        />
      )}
      <button
        type="button"
        className={primaryButton}
        disabled={sessions.length > 0 && !session}
        onClick={() => {
          const booked = session ? { sessionId: session.id, session: chosen(session).label } : {};
          add({ id: course.id, type: 'course', name: course.title, price: course.price, image: course.image, ...booked });
          toast.success(`Formation « ${course.title} » ajoutée au panier${session ? ` (${chosen(session).label})` : ''}.`);
        }}
      >
        {sessions.length > 0 && !session ? 'Sessions complètes' : "S'inscrire"}
      </button>
    </>
  );
}
