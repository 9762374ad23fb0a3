import { useMutation } from '@tanstack/react-query';
import { NO_SCRIPT_FORMS } from '@app/shared/ssr';
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
            {/* A form the server answers too: the link works on a phone that runs no script. */}
            <form
              method="post"
              action={NO_SCRIPT_FORMS.newsletterLink}
              onSubmit={(event) => {
                event.preventDefault();
                answer.mutate();
              }}
            >
              <input type="hidden" name="action" value={leaving ? 'desinscrire' : 'confirmer'} />
              <input type="hidden" name="id" value={link.id} />
              <input type="hidden" name="t" value={link.token} />
              <button type="submit" className={primaryButton} disabled={answer.isPending}>
                {answer.isPending ? 'Envoi…' : leaving ? 'Me désinscrire' : 'Confirmer mon inscription'}
              </button>
            </form>
          </>
        )}
      </div>
    </Page>
  );
}
