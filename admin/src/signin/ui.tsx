import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { toHttpError } from '../providers/errors';
import './signin.css';

// The few pieces the pages outside the session need, in plain HTML and a small stylesheet: Ant
// Design and Refine load only once the owner is signed in.

/** Centered column with the white panel and its one heading. */
export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="signin">
      <div className="signin-column">
        <p className="signin-brand">Espace administration</p>
        <section className="signin-panel">
          <h1>{title}</h1>
          {children}
        </section>
      </div>
    </main>
  );
}

export function Notice({ type, children }: { type: 'error' | 'warning' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`signin-notice signin-notice-${type}`} role={type === 'success' || type === 'info' ? 'status' : 'alert'}>
      {children}
    </div>
  );
}

/** A labelled box with its error under it (linked for screen readers). */
export function Field(props: {
  label: string;
  type: 'email' | 'password';
  value: string;
  error?: string | undefined;
  autoComplete: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const input = (
    <input
      id={id}
      type={props.type === 'password' && shown ? 'text' : props.type}
      value={props.value}
      autoComplete={props.autoComplete}
      inputMode={props.type === 'email' ? 'email' : undefined}
      aria-invalid={props.error ? true : undefined}
      aria-describedby={props.error ? `${id}-error` : undefined}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
  return (
    <div className={`signin-field${props.error ? ' signin-field-error' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      {props.type === 'password' ? (
        <div className="signin-password">
          {input}
          <button type="button" onClick={() => setShown(!shown)} aria-pressed={shown}>
            {shown ? 'Masquer' : 'Afficher'}
          </button>
        </div>
      ) : (
        input
      )}
      {props.error ? (
        <div id={`${id}-error`} className="signin-error" role="alert">
          {props.error}
        </div>
      ) : null}
    </div>
  );
}

export function Submit({ pending, children }: { pending: boolean; children: string }) {
  return (
    <button type="submit" className="signin-submit" disabled={pending} aria-busy={pending || undefined}>
      {pending ? 'Envoi en cours...' : children}
    </button>
  );
}

/**
 * A form that checks its fields first (`check` returns the French message per field), then sends;
 * the server's message shows above it, its per-field messages under the fields.
 */
export function useSend<V extends Record<string, string>, R>(
  check: (values: V) => Partial<Record<keyof V, string>>,
  send: (values: V) => Promise<R>,
) {
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<R | null>(null);
  const submit = (values: V) => async (event: FormEvent) => {
    event.preventDefault();
    const found = check(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setPending(true);
    setFailure(null);
    try {
      setResult(await send(values));
    } catch (error) {
      const http = toHttpError(error);
      setErrors((http.errors ?? {}) as Partial<Record<keyof V, string>>);
      setFailure(http.message);
    } finally {
      setPending(false);
    }
  };
  return { errors, failure, pending, result, submit };
}

/** While the session is checked or the back-office loads. */
export function Loading() {
  return (
    <div className="signin-loading" role="status" aria-live="polite">
      <span className="signin-spinner" aria-hidden="true" />
      Chargement...
    </div>
  );
}
