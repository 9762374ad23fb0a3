import { z } from 'zod';

/** How a courier collected an order's amount. */
export const collectMethods = { cash: 'Espèces', mobile_money: 'Mobile Money' } as const;

export const assignSchema = z.strictObject({
  id: z.uuid('Identifiant invalide.'),
  /** null: the order is no longer anyone's to deliver. */
  courierId: z.uuid('Livreur inconnu.').nullable(),
});
export const collectSchema = z
  .strictObject({
    id: z.uuid('Identifiant invalide.'),
    method: z.enum(['cash', 'mobile_money'], 'Espèces ou Mobile Money attendu.'),
    reference: z.string().trim().max(100, 'Référence trop longue (100 caractères au maximum).').optional(),
  })
  .refine((c) => c.method === 'cash' || (c.reference?.length ?? 0) >= 4, {
    path: ['reference'],
    message: 'Indiquez la référence de la transaction Mobile Money.',
  });
export const handoverSchema = z.strictObject({
  courierId: z.uuid('Livreur inconnu.'),
  received: z
    .number('Montant en F CFA attendu.')
    .min(0, 'Un montant ne peut pas être négatif.')
    .max(100_000_000, 'Montant trop élevé.')
    .multipleOf(1, 'Montant en francs entiers.'),
  note: z.string().trim().max(1000, 'Commentaire trop long (1 000 caractères au maximum).').optional(),
});
export const roundQuerySchema = z.strictObject({ courierId: z.uuid('Livreur inconnu.').optional() });
