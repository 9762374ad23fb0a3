import { NO_SCRIPT_FORMS } from '@app/shared/ssr';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { card, primaryButton } from '../ui/buttons';
import { SentPanel } from '../ui/SentPanel';
import { TextArea, TextField } from '../ui/Field';
import { Page } from '../ui/Page';
import { PageHeader } from '../ui/PageHeader';
import { useForm } from '../ui/useForm';
import { useHoneypot } from '../ui/useHoneypot';
import { collect, required } from '../ui/validate';
import { ContactDetails } from './ContactDetails';

const initial = { name: '', contact: '', subject: '', message: '' };

export function ContactPage() {
  const form = useForm(initial);
  const honeypot = useHoneypot();
  // The answer stays on the page (a toast goes away while the shopper looks elsewhere).
  const [sent, setSent] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => {
      const v = form.values;
      return trpc.contactMessages.send.mutate({
        name: v.name.trim(),
        contact: v.contact.trim(),
        subject: v.subject.trim(),
        message: v.message.trim(),
        website: honeypot.value(),
      });
    },
    onSuccess: (result) => {
      setSent(result.message);
      form.reset();
    },
    onError: form.showFailure,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const v = form.values;
    const found = collect({
      name: required(v.name, 'Indiquez votre nom.'),
      contact: required(v.contact, 'Indiquez un e-mail ou un téléphone pour vous répondre.'),
      subject: required(v.subject, 'Indiquez le sujet de votre message.'),
      message: required(v.message, 'Écrivez votre message.'),
    });
    if (form.accept(found)) send.mutate();
  };
  const { bind } = form;
  return (
    <Page>
      <PageHeader
        title="Contactez-nous"
        intro="Une question sur un produit, un devis ou une formation ? Écrivez-nous, nous répondons rapidement."
      />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_320px]">
        {sent ? (
          <SentPanel title="Message envoyé !" again="Écrire un autre message" onAgain={() => setSent(null)}>
            {sent}
          </SentPanel>
        ) : (
          <form method="post" action={NO_SCRIPT_FORMS.contact} onSubmit={onSubmit} noValidate className={`${card} relative space-y-4 p-4`}>
            {honeypot.field}
            <TextField label="Nom" required autoComplete="name" {...bind('name')} />
            <TextField label="E-mail ou téléphone" required autoComplete="email" {...bind('contact')} />
            <TextField label="Sujet" required {...bind('subject')} />
            <TextArea label="Message" required rows={5} {...bind('message')} />
            <button type="submit" disabled={send.isPending} className={`${primaryButton} w-full`}>
              {send.isPending ? 'Envoi en cours...' : 'Envoyer le message'}
            </button>
          </form>
        )}
        <ContactDetails />
      </div>
    </Page>
  );
}
