import { useRef } from 'react';

/**
 * The hidden "website" field of the public forms (shared/src/resources/honeypot.ts): people never
 * see or reach it, form-filling bots do, and the server refuses a request where it is filled.
 */
export function useHoneypot() {
  const ref = useRef<HTMLInputElement>(null);
  const field = (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Site web
        <input ref={ref} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
  return { field, value: () => ref.current?.value || undefined };
}
