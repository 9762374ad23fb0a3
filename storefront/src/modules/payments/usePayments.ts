import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '../ui/toast';
import { apiFailure } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { api, queries } from '../../lib/queries';

/** Whether the shop takes Mobile Money online (FedaPay configured): the same for every visitor. */
export function useOnlinePayment() {
  return useQuery(queries.paymentOptions(api)).data?.online ?? false;
}

/** Whether the shop sends order updates on WhatsApp (the checkout then offers e-mail instead). */
export function useWhatsAppUpdates() {
  return useQuery(queries.paymentOptions(api)).data?.whatsapp ?? false;
}

/** Sends the shopper to the payment page: the server returns the open transaction's page, or opens one. */
export async function goToPayment(token: string) {
  const { paymentUrl } = await trpc.payments.start.mutate({ token });
  window.location.assign(paymentUrl);
}

const FINAL_WAIT_MS = 3 * 60_000;

/**
 * The payment side of an order on its return page. While a transaction awaits the operator's
 * answer, asks every 3 s (the server asks FedaPay), for three minutes at most.
 */
export function usePaymentState(token: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const state = useQuery({
    ...api.payments.status.queryOptions({ token }),
    enabled,
    refetchInterval: (query) => {
      const data = query.state.data;
      const waiting = data?.paymentStatus === 'pending' && (data.attempt?.status === 'pending' || data.attempt?.status === 'creating');
      const age = data?.attempt ? Date.now() - new Date(data.attempt.createdAt).getTime() : 0;
      return waiting && age < FINAL_WAIT_MS ? 3_000 : false;
    },
  });
  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries(api.payments.status.queryFilter({ token })),
        queryClient.invalidateQueries(api.orders.track.pathFilter()),
      ]),
    [queryClient, token],
  );
  const pay = useMutation({
    mutationFn: () => goToPayment(token),
    onError: (error) => {
      toast.error(apiFailure(error).message);
      void refresh();
    },
  });
  const onDelivery = useMutation({
    mutationFn: () => trpc.payments.payOnDelivery.mutate({ token }),
    onSuccess: () => {
      toast.success('C’est noté : vous paierez à la livraison.');
      void refresh();
    },
    onError: (error) => toast.error(apiFailure(error).message),
  });
  return { state, pay, onDelivery, refresh };
}
