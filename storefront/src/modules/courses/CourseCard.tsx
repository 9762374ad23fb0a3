import { coursePath } from '@app/shared/ssr';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { courseFormatLabels, courseLevelLabels, labelOf } from '../../lib/labels';
import type { RouterOutputs } from '../../lib/trpc';
import { card } from '../ui/buttons';
import { Img } from '../ui/Img';
import { Price } from '../ui/Price';
import { CourseBooking } from './CourseBooking';
import { CardSubtitle, CardTitle } from '../ui/Cards';

export type Course = RouterOutputs['cryptoCourses']['list']['rows'][number];

/** A training's level, format and length, as small tags. */
export function CourseTags({ course }: { course: Pick<Course, 'level' | 'format' | 'duration'> }) {
  return (
    <p className="flex flex-wrap gap-2 text-xs font-semibold">
      <span className="rounded-full bg-blue-50 px-2 py-0.5 text-blue-800">{labelOf(courseLevelLabels, course.level)}</span>
      <span className="rounded-full bg-amber-50 px-2 py-0.5 text-amber-800">{labelOf(courseFormatLabels, course.format)}</span>
      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">{course.duration}</span>
    </p>
  );
}

/** A training's programme, step by step (nothing when it has none). */
export function Syllabus({ steps, heading }: { steps: readonly string[]; heading: (text: string) => ReactNode }) {
  if (!steps.length) return null;
  return (
    <>
      {heading('Programme')}
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </>
  );
}

export function CourseCard({ course, detailed = false }: { course: Course; detailed?: boolean }) {
  return (
    <article className={`${card} flex h-full flex-col overflow-hidden`}>
      <Img src={course.image} alt={course.title} width={400} height={300} className="aspect-[4/3] w-full object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <CourseTags course={course} />
        <CardTitle className="font-semibold text-slate-900">
          <Link to={coursePath(course)} className="hover:underline">
            {course.title}
          </Link>
        </CardTitle>
        <p className={`text-sm text-slate-600 ${detailed ? '' : 'line-clamp-3'}`}>{course.description}</p>
        {detailed && (
          <Syllabus
            steps={course.syllabus}
            heading={(text) => <CardSubtitle className="mt-2 text-sm font-semibold">{text}</CardSubtitle>}
          />
        )}
        <Price amount={course.price} className="mt-auto pt-2" />
        {detailed && <CourseBooking course={course} />}
      </div>
    </article>
  );
}
