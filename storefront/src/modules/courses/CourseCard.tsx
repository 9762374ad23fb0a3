import { toast } from '../ui/toast';
import { courseFormatLabels, courseLevelLabels, labelOf } from '../../lib/labels';
import type { RouterOutputs } from '../../lib/trpc';
import { useCart } from '../cart/useCart';
import { card, primaryButton } from '../ui/buttons';
import { Img } from '../ui/Img';
import { Price } from '../ui/Price';
import { chosen, SessionChoice, useCourseSessions } from './SessionChoice';
import { useState } from 'react';

export type Course = RouterOutputs['cryptoCourses']['list']['rows'][number];

export function CourseCard({ course, detailed = false }: { course: Course; detailed?: boolean }) {
  const { add } = useCart();
  const { sessions } = useCourseSessions(course.id, detailed);
  const open = sessions.filter((s) => s.seatsLeft > 0);
  // The soonest session with seats left, until the shopper picks another.
  const [picked, pick] = useState<string | undefined>(undefined);
  const session = open.find((s) => s.id === picked) ?? open[0];
  return (
    <article className={`${card} flex h-full flex-col overflow-hidden`}>
      <Img src={course.image} alt={course.title} width={400} height={300} className="aspect-[4/3] w-full object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="flex flex-wrap gap-2 text-xs font-semibold">
          <span className="rounded-full bg-blue-50 px-2 py-0.5 text-blue-800">{labelOf(courseLevelLabels, course.level)}</span>
          <span className="rounded-full bg-amber-50 px-2 py-0.5 text-amber-800">{labelOf(courseFormatLabels, course.format)}</span>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">{course.duration}</span>
        </p>
        <h3 className="font-semibold text-slate-900">{course.title}</h3>
        <p className={`text-sm text-slate-600 ${detailed ? '' : 'line-clamp-3'}`}>{course.description}</p>
        {detailed && course.syllabus.length > 0 && (
          <>
            <h4 className="mt-2 text-sm font-semibold">Programme</h4>
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
              {course.syllabus.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ul>
          </>
        )}
        <Price amount={course.price} className="mt-auto pt-2" />
        {detailed && sessions.length > 0 && (
          <SessionChoice
            name={`session-${course.id}`}
            legend="Prochaines sessions"
            sessions={sessions}
            value={session?.id}
            onChange={(s) => pick(s.id)}
          />
        )}
        {detailed && (
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
        )}
      </div>
    </article>
  );
}
