import type { OrderStatus, PaymentStatus } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { toHttpError } from '../../providers/errors';
import { trpc } from '../../providers/trpc';

/** The order's history and the lifecycle actions; every success refreshes the order and its history. */
export function useOrderActions(id: string, refetchOrder: () => unknown) {
  const { notification } = App.useApp();
  const client = useQueryClient();
  const history = useQuery({ queryKey: ['orders', 'history', id], queryFn: () => trpc.orders.history.query({ id }), enabled: !!id });
  const payments = useQuery({
    queryKey: ['orders', 'history', id, 'payments'],
    queryFn: () => trpc.payments.forOrder.query({ id }),
    enabled: !!id,
  });
  // Asked for at payment and obtained from the DGI a moment later: looked at again until it is settled.
  const invoices = useQuery({
    queryKey: ['orders', 'history', id, 'invoices'],
    queryFn: () => trpc.orders.invoices.query({ id }),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data?.some((i) => i.status === 'pending' || i.status === 'created') ? 3_000 : false),
  });
  // The customer's WhatsApp messages about this order and what Meta last said of each (sent, read…).
  const whatsapp = useQuery({
    queryKey: ['orders', 'history', id, 'whatsapp'],
    queryFn: () => trpc.whatsapp.ofOrder.query({ id }),
    enabled: !!id,
    refetchInterval: 15_000,
  });
  const useAction = <I>(run: (input: I) => Promise<unknown>, done: string) =>
    useMutation({
      mutationFn: run,
      onSuccess: async () => {
        notification.success({ message: done });
        refetchOrder();
        await client.invalidateQueries({ queryKey: ['orders', 'history', id] });
      },
      onError: (error) => notification.error({ message: toHttpError(error).message }),
    });
  return {
    history,
    whatsapp,
    payments,
    invoices,
    transition: useAction(
      (input: { to: OrderStatus; note?: string }) => trpc.orders.transition.mutate({ id, ...input }),
      'Statut mis à jour.',
    ),
    reopen: useAction((input: { note?: string }) => trpc.orders.reopen.mutate({ id, ...input }), 'Commande rouverte, stock repris.'),
    setPayment: useAction(
      (input: { to: PaymentStatus; reference?: string }) => trpc.orders.setPayment.mutate({ id, ...input }),
      'Paiement mis à jour.',
    ),
    addNote: useAction((input: { note: string }) => trpc.orders.addNote.mutate({ id, ...input }), 'Note ajoutée.'),
    retryInvoice: useAction((invoiceId: string) => trpc.orders.retryInvoice.mutate({ id: invoiceId }), 'Facture redemandée à la DGI.'),
  };
}
