import { useState } from 'react';
import { toast } from './toast';
import { apiFailure } from '../../lib/errors';

export type Errors<K extends string> = Partial<Record<K, string>>;

/**
 * Controlled form state. Values stay as typed after any error, client-side or from the server,
 * so a shopper on a slow connection never has to type a field twice.
 */
export function useForm<V extends Record<string, string>, Extra extends string = never>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors<Extract<keyof V, string> | Extra>>({});
  const bind = (name: Extract<keyof V, string>) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      // The message goes away as soon as the shopper starts fixing the field.
      setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
    },
  });
  type Found = Errors<Extract<keyof V, string> | Extra>;
  return {
    values,
    setValues,
    errors,
    setErrors,
    bind,
    reset: () => setValues(initial),
    /** Shows what the browser found wrong on the fields; true when nothing was. */
    accept: (found: Found) => {
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    /** A refused submission: the server's messages on their fields, the summary in a toast. */
    showFailure: (error: unknown) => {
      const failure = apiFailure(error);
      setErrors(failure.fieldErrors);
      toast.error(failure.message);
    },
  };
}
