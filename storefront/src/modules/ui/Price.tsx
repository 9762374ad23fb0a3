import { formatXOF } from '@app/shared/format';

/** A price in CFA francs; null means the service is quoted on request. */
export function Price({ amount, compareAt, className = '' }: { amount: number | null; compareAt?: number | null; className?: string }) {
  if (amount === null) return <span className={`font-semibold text-amber-700 ${className}`}>Sur devis</span>;
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span data-testid="price" className="font-bold text-blue-800">
        {formatXOF(amount)}
      </span>
      {compareAt != null && compareAt > amount && (
        <s className="text-sm text-slate-500">
          <span className="sr-only">Prix habituel </span>
          {formatXOF(compareAt)}
        </s>
      )}
    </span>
  );
}
