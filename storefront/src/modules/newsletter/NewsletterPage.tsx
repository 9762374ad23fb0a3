import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { trpc } from '../../lib/trpc';
import { card, primaryButton } from '../ui/buttons';
import { Page } from '../ui/Page';
import { PageHeader } from '../ui/PageHeader';

/**
 * Where a newsletter mail's links lead (?action=confirmer|desinscrire&id=…&t=…): one button does it,
 * so a mail scanner opening the link changes nothing.
 */
export function NewsletterPage() {
  const [search] = useSearchParams();
  const leaving = search.get('action') === 'desinscrire';
  const link = { id: search.get('id') ?? '', token: search.get('t') ?? '' };
  const answer = useMutation({
    mutationFn: () => (leaving ? trpc.newsletterSubscribers.unsubscribe.mutate(link) : trpc.newsletterSubscribers.confirm.mutate(link)),
  });
  const title = leaving ? 'Se désinscrire de la newsletter' : 'Confirmer votre inscription à la newsletter';
  return (
    <Page>
      <PageHeader title={title} />
      <div className={`${card} max-w-xl space-y-4 p-6`}>
        {answer.data ? (
          <p role="status" className="text-green-800">
            {answer.data.message}
          </p>
        ) : (
          <>
            <p className="text-slate-700">
              {leaving
                ? 'Vous ne recevrez plus nos e-mails d’information. Vos commandes continueront de vous être confirmées.'
                : 'Un clic, et vous recevrez nos nouveautés et nos offres. Vous pourrez vous désinscrire à tout moment.'}
            </p>
            {answer.error && (
              <p role="alert" className="text-red-700">
                {answer.error.message}
              </p>
            )}
            <button type="button" className={primaryButton} disabled={answer.isPending} onClick={() => answer.mutate()}>
              {answer.isPending ? 'Envoi…' : leaving ? 'Me désinscrire' : 'Confirmer mon inscription'}
            </button>
          </>
        )}
      </div>
    </Page>
  );
}
