import { formatXOF, type OrderLine, promoScopes, today } from '@app/shared';
import { TRPCError } from '@trpc/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { invalid } from '../platform/errors';

// Promo codes ("Codes promo"): the shopper's code is checked against the cart on the server, in
// the order's transaction, and its discount shared out over the lines it applies to, in whole
// francs, so each line of the receipt and of the normalized invoice carries its own part.

type Db = Kysely<Database>;

export interface AppliedPromo {
  id: string;
  code: string;
  label: string;
  discount: number;
  /** The order's lines, each eligible one with its share of the discount. */
  lines: OrderLine[];
}

const refuse = (message: string): never => invalid('promoCode', message);

const longDate = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('fr-FR', { dateStyle: 'long', timeZone: 'UTC' });
const lineTotal = (line: OrderLine) => line.unitPrice * line.quantity;
const EXHAUSTED = 'Ce code promo a déjà servi autant de fois que prévu : il n’est plus valable.';

/**
 * The code checked against the cart's priced lines, or a French refusal that says exactly why
 * (on the `promoCode` field). `phone`, in E.164, when known: the per-phone limit needs it.
 * Uses left are checked here and taken by `takePromoUse`, under the code's row lock.
 */
export async function applyPromo(
  db: Db,
  input: { code: string; phone?: string | null | undefined; lines: OrderLine[] },
): Promise<AppliedPromo> {
  const code = input.code.trim().toUpperCase();
  const promo = await db
    .selectFrom('promoCodes')
    .selectAll()
    .where(sql`upper(code)`, '=', code)
    .executeTakeFirst();
  if (!promo || !promo.active) return refuse('Code promo inconnu : vérifiez-le.');
  const day = today();
  if (promo.startsOn && day < promo.startsOn) refuse(`Ce code promo n’est valable qu’à partir du ${longDate(promo.startsOn)}.`);
  if (promo.endsOn && day > promo.endsOn) refuse(`Ce code promo a expiré le ${longDate(promo.endsOn)}.`);
  const subtotal = input.lines.reduce((sum, line) => sum + lineTotal(line), 0);
  const minimum = promo.minimumOrder === null ? 0 : Number(promo.minimumOrder);
  if (subtotal < minimum) {
    refuse(`Ce code promo demande au moins ${formatXOF(minimum)} d’articles ; votre panier en fait ${formatXOF(subtotal)}.`);
  }
  const eligible = (line: OrderLine) => promo.appliesTo === 'all' || line.type === promo.appliesTo;
  const base = input.lines.filter(eligible).reduce((sum, line) => sum + lineTotal(line), 0);
  if (base <= 0) {
    refuse(`Ce code promo ne vaut que pour les ${promoScopes[promo.appliesTo].toLowerCase()} : votre panier n’en contient pas.`);
  }
  if (promo.maxUses !== null && promo.uses >= promo.maxUses) refuse(EXHAUSTED);
  if (input.phone && promo.maxUsesPerPhone !== null) {
    const used = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(sql`upper(promo_code)`, '=', code)
      .where('phone', '=', input.phone)
      .where('status', '!=', 'cancelled')
      .executeTakeFirstOrThrow();
    if (Number(used.n) >= promo.maxUsesPerPhone) {
      refuse(
        promo.maxUsesPerPhone === 1
          ? 'Vous avez déjà utilisé ce code promo avec ce numéro : il ne sert qu’une fois par client.'
          : `Vous avez déjà utilisé ce code promo ${used.n} fois avec ce numéro : c’est le maximum.`,
      );
    }
  }
  const discount = Math.min(base, promo.kind === 'percent' ? Math.round((base * promo.value) / 100) : promo.value);
  return { id: promo.id, code: promo.code, label: promo.label, discount, lines: shareOut(input.lines, eligible, base, discount) };
}

/** Each eligible line's part of the discount, in proportion to its amount, whole francs adding up exactly. */
export function shareOut(lines: OrderLine[], eligible: (line: OrderLine) => boolean, base: number, discount: number): OrderLine[] {
  const parts = lines.map((line) => (eligible(line) ? Math.floor((discount * lineTotal(line)) / base) : 0));
  let left = discount - parts.reduce((a, b) => a + b, 0);
  const byAmount = lines.map((line, i) => i).sort((a, b) => lineTotal(lines[b]!) - lineTotal(lines[a]!));
  for (const i of byAmount) {
    if (left <= 0) break;
    if (!eligible(lines[i]!) || parts[i]! >= lineTotal(lines[i]!)) continue;
    const more = Math.min(left, Math.floor(lineTotal(lines[i]!) - parts[i]!));
    parts[i]! += more;
    left -= more;
  }
  return lines.map((line, i) => (parts[i] ? { ...line, discount: parts[i] } : line));
}

/**
 * Counts one use, in the order's transaction: the conditional UPDATE waits on the code's row, so
 * twenty orders at once with five uses left give exactly five discounts.
 */
export async function takePromoUse(tx: Db, promoId: string) {
  const taken = await tx
    .updateTable('promoCodes')
    .set({ uses: sql`uses + 1` })
    .where('id', '=', promoId)
    .where((eb) => eb.or([eb('maxUses', 'is', null), eb('uses', '<', eb.ref('maxUses'))]))
    .returning('id')
    .executeTakeFirst();
  if (!taken) refuse(EXHAUSTED);
}

/**
 * A cancelled order gives its use back (sign -1); reopened, it takes it again (+1) within the code's
 * limit, like any order: a code used up since refuses the reopening (a code deleted since does not).
 */
export async function movePromoUse(tx: Db, order: { promoCode: string | null }, sign: 1 | -1) {
  if (!order.promoCode) return;
  const code = tx.updateTable('promoCodes').where(sql`upper(code)`, '=', order.promoCode.toUpperCase());
  if (sign < 0) {
    await code.set({ uses: sql`greatest(uses - 1, 0)` }).execute();
    return;
  }
  const taken = await code
    .set({ uses: sql`uses + 1` })
    .where((eb) => eb.or([eb('maxUses', 'is', null), eb('uses', '<', eb.ref('maxUses'))]))
    .returning('id')
    .executeTakeFirst();
  const exists = await tx
    .selectFrom('promoCodes')
    .select('id')
    .where(sql`upper(code)`, '=', order.promoCode.toUpperCase())
    .executeTakeFirst();
  if (!taken && exists) {
    throw new TRPCError({
      code: 'CONFLICT',
      message: `Le code promo ${order.promoCode} a servi entre-temps autant de fois que prévu : la commande ne peut pas être rouverte avec sa remise.`,
    });
  }
}
