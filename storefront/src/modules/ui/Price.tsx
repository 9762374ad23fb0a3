import { formatXOF } from '@app/shared/format';

/** A price in CFA francs; null means the service is quoted on request; `from`: the least of a product's versions. */
export function Price({
  amount,
  compareAt,
  from = false,
  className = '',
}: {
  amount: number | null;
  compareAt?: number | null;
  from?: boolean;
  className?: string;
}) {
  if (amount === null) return <span className={`font-semibold text-amber-700 ${className}`}>Sur devis</span>;
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span data-testid="price" className="font-bold text-blue-800">
        {from ? <span className="font-normal text-slate-700">à partir de </span> : null}
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
