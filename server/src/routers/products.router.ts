import { products } from '@app/shared';
import { crudRouter } from '../crud/crud-router';

export const productsRouter = crudRouter(products);
