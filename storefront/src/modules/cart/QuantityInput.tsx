import { earlyStep } from './earlyAdd';

const step = 'flex size-11 items-center justify-center text-xl font-semibold text-slate-700 hover:bg-slate-100 disabled:opacity-40';

/** − n + stepper: big targets for thumbs; typing works too (and before the app has started: boot.ts). */
export function QuantityInput({
  id,
  value,
  onChange,
  max,
  label,
}: {
  value: number;
  onChange: (n: number) => void;
  max?: number | undefined;
  label: string;
  id?: string;
}) {
  const upper = max ?? 99;
  return (
    <div className="inline-flex items-center rounded-lg border border-slate-300 bg-white">
      <button
        type="button"
        className={step}
        aria-label={`Diminuer la quantité de ${label}`}
        onClick={() => onChange(value - 1)}
        {...earlyStep(-1)}
      >
        −
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={upper}
        value={value}
        aria-label={`Quantité de ${label}`}
        onChange={(e) => {
          const n = e.target.valueAsNumber;
          // An emptied field is a shopper mid-typing, not a request to remove the line.
          if (!Number.isNaN(n)) onChange(Math.min(n, upper));
        }}
        className="h-11 w-12 border-x border-slate-300 text-center text-base [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button
        type="button"
        className={step}
        aria-label={`Augmenter la quantité de ${label}`}
        disabled={value >= upper}
        onClick={() => onChange(value + 1)}
        {...earlyStep(1)}
      >
        +
      </button>
    </div>
  );
}
