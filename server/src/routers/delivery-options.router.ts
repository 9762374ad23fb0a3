import { deliveryOptions } from '@app/shared';
import { crudRouter } from '../crud/crud-router';

export const deliveryOptionsRouter = crudRouter(deliveryOptions);
