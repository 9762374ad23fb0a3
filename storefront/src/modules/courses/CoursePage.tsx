import { isRecordKey } from '@app/shared/format';
import { coursePath } from '@app/shared/ssr';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useCurrentAddress } from '../../lib/address';
import { api, queries } from '../../lib/queries';
import { useTitle } from '../../lib/title';
import { Img } from '../ui/Img';
import { Page } from '../ui/Page';
import { Price } from '../ui/Price';
import { Breadcrumb, RecordStatus, recordMissing } from '../ui/RecordStatus';
import { CourseBooking } from './CourseBooking';
import { CourseTags, Syllabus } from './CourseCard';

/** One training: what it teaches, its price, its sessions to come and "S'inscrire". */
export function CoursePage() {
  const { slug = '' } = useParams();
  const valid = isRecordKey(slug);
  const query = useQuery({ ...queries.course(api, slug), enabled: valid });
  const course = query.data;
  useTitle(course?.title);
  useCurrentAddress(slug, course, coursePath, (current) => queries.course(api, current).queryKey);
  if (!course || recordMissing(query, valid)) return <RecordStatus query={query} valid={valid} />;
  return (
    <Page>
      <Breadcrumb to="/crypto-courses" label="Formations crypto">
        {course.title}
      </Breadcrumb>
      <div className="grid grid-cols-1 gap-8 md:grid-cols-2">
        <Img src={course.image} alt={course.title} width={800} height={600} eager className="aspect-[4/3] w-full rounded-xl object-cover" />
        <div className="space-y-4">
          <CourseTags course={course} />
          <h1 className="text-2xl font-bold text-slate-900">{course.title}</h1>
          <Price amount={course.price} className="text-xl" />
          <p className="whitespace-pre-line text-slate-700">{course.description}</p>
          <Syllabus steps={course.syllabus} heading={(text) => <h2 className="text-lg font-semibold text-slate-900">{text}</h2>} />
          <CourseBooking course={course} />
        </div>
      </div>
    </Page>
  );
}
