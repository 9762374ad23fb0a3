import { testimonials } from '@app/shared';
import { crudRouter } from '../crud/crud-router';

export const testimonialsRouter = crudRouter(testimonials);
