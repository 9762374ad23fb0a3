import { NO_SCRIPT_FORMS } from '@app/shared/ssr';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '../ui/toast';
import { apiFailure } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useHoneypot } from '../ui/useHoneypot';

export function Newsletter() {
  const [email, setEmail] = useState('');
  const honeypot = useHoneypot();
  const subscribe = useMutation({
    mutationFn: (address: string) => trpc.newsletterSubscribers.subscribe.mutate({ email: address, website: honeypot.value() }),
    onSuccess: (result) => {
      toast.success(result.message);
      setEmail('');
    },
    onError: (error) => toast.error(apiFailure(error).message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!subscribe.isPending) subscribe.mutate(email.trim());
  };
  return (
    <form
      method="post"
      action={NO_SCRIPT_FORMS.newsletter}
      onSubmit={submit}
      className="relative flex flex-col gap-2 sm:flex-row"
      aria-label="Newsletter"
    >
      {honeypot.field}
      <label htmlFor="newsletter-email" className="sr-only">
        Votre email
      </label>
      <input
        id="newsletter-email"
        name="email"
        type="email"
        required
        placeholder="Votre email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-600 bg-slate-800 px-3 text-white placeholder:text-slate-400"
      />
      <button
        type="submit"
        disabled={subscribe.isPending}
        className="min-h-11 rounded-lg bg-amber-500 px-4 font-semibold text-slate-900 hover:bg-amber-400 disabled:opacity-70"
      >
        {subscribe.isPending ? 'Envoi en cours...' : "S'abonner"}
      </button>
    </form>
  );
}
