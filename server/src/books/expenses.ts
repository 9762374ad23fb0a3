import { expenseCategories, expenses, type RowOfResource } from '@app/shared';
import { moveCash } from '../counter/cash-drawer';
import type { WriteHooks } from '../crud/crud-router';
import { getRecord } from '../crud/repository';

type Expense = RowOfResource<typeof expenses>;

/**
 * An expense, in the transaction that records it: who entered it, and, paid in cash, its amount
 * out of the day's drawer (refused in French without an open day, or beyond the cash it holds),
 * shown on the day's Z report.
 */
export const expensesHooks: WriteHooks<Expense> = {
  afterCreate: async ({ tx, actor }, expense) => {
    let cashSession: string | null = null;
    if (expense.method === 'cash') {
      const day = await moveCash(
        tx,
        { kind: 'out', amount: Number(expense.amount), reason: `Dépense : ${expense.label} (${expenseCategories[expense.category]})` },
        actor,
      );
      cashSession = day.id;
    }
    await tx.updateTable('expenses').set({ actor, cashSession }).where('id', '=', expense.id).execute();
    return (await getRecord(tx, expenses, 'admin', expense.id)) as Expense;
  },
};
