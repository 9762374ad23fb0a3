import { services } from '@app/shared';
import { crudRouter } from '../crud/crud-router';

export const servicesRouter = crudRouter(services);
