import { cryptoCourses } from '@app/shared';
import { crudRouter } from '../crud/crud-router';

export const cryptoCoursesRouter = crudRouter(cryptoCourses);
