import { type ProductOption, type PublicVariant, variantLabel } from '@app/shared/catalogue';

/** The parameters a no-script form sends, one per option: `?o1=256 Go&o2=Bleu`. */
export const OPTION_PARAMS = ['o1', 'o2', 'o3'] as const;

interface Props {
  options: ProductOption[];
  variants: PublicVariant[];
  chosen: PublicVariant;
  /** The product page's address: the form reloads it with the choice when JavaScript does not run. */
  action: string;
  onChoose: (variant: PublicVariant) => void;
}

/**
 * Each option as a row of buttons (radio buttons underneath: one choice per option, read as such by
 * a screen reader), a colour as its swatch and its name. A value that gives a sold-out version with
 * the other choices is struck through and says so; one that gives none is dimmed and leads to the
 * closest version that has it. Without JavaScript it is a form: « Voir cette version » reloads the
 * page on the version chosen, rendered by the server.
 */
export function VariantPicker({ options, variants, chosen, action, onChoose }: Props) {
  /** The version with this value for this option and the chosen values for the others, if any. */
  const withValue = (i: number, value: string) =>
    variants.find((v) => v.values.every((x, n) => (n === i ? x === value : x === chosen.values[n])));
  /** Failing that, the first version that has the value, in stock first. */
  const nearest = (i: number, value: string) =>
    variants.find((v) => v.values[i] === value && v.stock !== 0) ?? variants.find((v) => v.values[i] === value);
  return (
    <form method="get" action={action} className="space-y-3">
      {options.map((option, i) => (
        <fieldset key={option.name}>
          <legend className="mb-1 text-sm font-semibold text-slate-800">
            {option.name} : <span className="font-normal">{chosen.values[i]}</span>
          </legend>
          <div className="flex flex-wrap gap-2">
            {option.values.map((value) => {
              const exact = withValue(i, value.label);
              const target = exact ?? nearest(i, value.label);
              const soldOut = exact?.stock === 0;
              const checked = chosen.values[i] === value.label;
              return (
                <label
                  key={value.label}
                  className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 ${
                    checked ? 'border-blue-700 bg-blue-50 font-semibold text-blue-900' : 'border-slate-300 bg-white text-slate-800'
                  } ${exact ? '' : 'opacity-60'} ${soldOut ? 'line-through decoration-slate-500' : ''}`}
                >
                  <input
                    type="radio"
                    name={OPTION_PARAMS[i]}
                    value={value.label}
                    checked={checked}
                    disabled={!target}
                    onChange={() => target && onChoose(target)}
                    className="sr-only"
                  />
                  {value.color ? (
                    <span
                      aria-hidden="true"
                      className="h-5 w-5 rounded-full border border-slate-400"
                      style={{ backgroundColor: value.color }}
                    />
                  ) : null}
                  {value.label}
                  {soldOut ? (
                    <span className="sr-only"> (épuisé)</span>
                  ) : exact ? null : (
                    <span className="sr-only"> (non proposé avec ce choix)</span>
                  )}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      <noscript>
        <button type="submit" className="rounded-lg border border-blue-700 px-3 py-2 text-sm font-semibold text-blue-800">
          Voir cette version
        </button>
      </noscript>
      <p className="sr-only" aria-live="polite">
        Version choisie : {variantLabel(chosen.values)}
        {chosen.stock === 0 ? ', épuisée' : ''}
      </p>
    </form>
  );
}
