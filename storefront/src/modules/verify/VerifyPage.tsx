import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { cryptoTypeLabels, verificationTypeLabels } from '../../lib/labels';
import { trpc } from '../../lib/trpc';
import { card, primaryButton } from '../ui/buttons';
import { SentPanel } from '../ui/SentPanel';
import { SelectField, TextField } from '../ui/Field';
import { NoScriptNote } from '../ui/NoScriptNote';
import { Page } from '../ui/Page';
import { PageHeader } from '../ui/PageHeader';
import { useForm } from '../ui/useForm';
import { useHoneypot } from '../ui/useHoneypot';
import { collect, emailError, phoneError, required } from '../ui/validate';

const initial = { name: '', email: '', phone: '', cryptoType: 'bitcoin', walletAddress: '', verificationType: 'basic' };

export function VerifyPage() {
  const form = useForm(initial);
  const honeypot = useHoneypot();
  const [done, setDone] = useState(false);
  const submit = useMutation({
    mutationFn: () => {
      const v = form.values;
      return trpc.cryptoVerifications.submit.mutate({
        name: v.name.trim(),
        email: v.email.trim(),
        phone: v.phone.trim(),
        cryptoType: v.cryptoType as keyof typeof cryptoTypeLabels,
        walletAddress: v.walletAddress.trim(),
        verificationType: v.verificationType as keyof typeof verificationTypeLabels,
        website: honeypot.value(),
      });
    },
    onSuccess: () => {
      setDone(true);
      form.reset();
      window.scrollTo(0, 0);
    },
    onError: form.showFailure,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const v = form.values;
    const found = collect({
      name: required(v.name, 'Indiquez votre nom.'),
      email: emailError(v.email),
      phone: phoneError(v.phone),
      walletAddress: required(v.walletAddress, 'Indiquez l’adresse de votre portefeuille.'),
    });
    if (form.accept(found)) submit.mutate();
  };
  const { bind } = form;
  return (
    <Page narrow>
      <PageHeader
        title="Vérification de compte crypto"
        intro="Faites vérifier votre portefeuille par nos experts avant un achat ou une vente importante. Nous vous recontactons sous 24 à 48 heures."
      />
      {done ? (
        <SentPanel title="Demande envoyée !" again="Faire une autre demande" onAgain={() => setDone(false)}>
          Merci. Votre demande de vérification est enregistrée ; notre équipe vous contactera par téléphone ou par e-mail.
        </SentPanel>
      ) : (
        <form method="post" onSubmit={onSubmit} noValidate className={`${card} relative space-y-4 p-4`}>
          <NoScriptNote>Ce formulaire a besoin de JavaScript pour être envoyé.</NoScriptNote>
          {honeypot.field}
          <TextField label="Nom complet" required autoComplete="name" {...bind('name')} />
          <TextField label="E-mail" required type="email" autoComplete="email" {...bind('email')} />
          <TextField label="Téléphone" required type="tel" autoComplete="tel" placeholder="+229 01 97 00 00 00" {...bind('phone')} />
          <SelectField label="Type de crypto" options={cryptoTypeLabels} {...bind('cryptoType')} />
          <TextField
            label="Adresse du portefeuille"
            required
            spellCheck={false}
            autoCapitalize="off"
            className="font-mono"
            {...bind('walletAddress')}
          />
          <SelectField label="Type de vérification" options={verificationTypeLabels} {...bind('verificationType')} />
          <button type="submit" disabled={submit.isPending} className={`${primaryButton} w-full`}>
            {submit.isPending ? 'Envoi en cours...' : 'Envoyer la demande'}
          </button>
        </form>
      )}
    </Page>
  );
}
