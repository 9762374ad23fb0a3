import { trendingCryptos } from '@app/shared';
import { crudRouter } from '../crud/crud-router';

export const trendingCryptosRouter = crudRouter(trendingCryptos);
