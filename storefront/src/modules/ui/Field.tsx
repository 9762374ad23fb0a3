import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

const control =
  'mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200 aria-invalid:border-red-600';

interface Common {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

function Wrapper({
  id,
  label,
  error,
  hint,
  required,
  children,
}: Common & { id: string; required?: boolean | undefined; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {!required && <span className="font-normal text-slate-500"> (facultatif)</span>}
      </label>
      {children}
      {hint && !error && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const aria = (id: string, error?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

export function TextField({ label, error, hint, className = '', ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Wrapper id={id} label={label} error={error} hint={hint} required={input.required}>
      <input
        id={id}
        {...aria(id, error)}
        {...input}
        className={`${control} ${error ? 'border-red-600' : 'border-slate-300'} ${className}`}
      />
    </Wrapper>
  );
}

export function TextArea({ label, error, hint, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Wrapper id={id} label={label} error={error} hint={hint} required={input.required}>
      <textarea
        id={id}
        rows={4}
        className={`${control} ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...aria(id, error)}
        {...input}
      />
    </Wrapper>
  );
}

export function SelectField({
  label,
  error,
  hint,
  options,
  ...input
}: Common & SelectHTMLAttributes<HTMLSelectElement> & { options: Record<string, string> }) {
  const id = useId();
  return (
    <Wrapper id={id} label={label} error={error} hint={hint} required>
      <select id={id} className={`${control} border-slate-300`} {...aria(id, error)} {...input}>
        {Object.entries(options).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </Wrapper>
  );
}

/** A box the shopper ticks, its words beside it (a thumb's height to tap). */
export function CheckBox({
  name,
  checked,
  onChange,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm text-slate-700">
      <input
        type="checkbox"
        name={name}
        className="mt-0.5 size-4 shrink-0"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}
