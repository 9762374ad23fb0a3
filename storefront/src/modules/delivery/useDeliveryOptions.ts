import { useQuery } from '@tanstack/react-query';
import { type RouterOutputs, trpc } from '../../lib/trpc';

export type DeliveryOption = RouterOutputs['deliveryOptions']['list']['rows'][number];

export const useDeliveryOptions = () =>
  useQuery({ queryKey: ['deliveryOptions', 'list'], queryFn: () => trpc.deliveryOptions.list.query({ pageSize: 50 }) });
