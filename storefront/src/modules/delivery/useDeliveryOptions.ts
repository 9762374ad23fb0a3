import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../lib/trpc';
import { api, queries } from '../../lib/queries';

export type DeliveryOption = RouterOutputs['deliveryOptions']['list']['rows'][number];

export const useDeliveryOptions = () => useQuery(queries.deliveryOptions(api));
