import { passwordError, PASSWORD_MIN } from '@app/shared/auth/rules';
import { emailError } from '@app/shared/email';
import { useEffect, useState } from 'react';
import { loadBackOfficeWhenIdle } from './back-office';
import { forgetSession } from '../providers/session';
import { trpc } from '../providers/trpc';
import { Link } from './navigation';
import { AuthShell, Field, Notice, Submit, useSend } from './ui';

export function LoginPage({ onSignedIn }: { onSignedIn: () => void }) {
  useEffect(loadBackOfficeWhenIdle, []);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useSend(
    (v: { email: string; password: string }) => ({
      email: emailError(v.email),
      password: v.password ? undefined : 'Saisissez votre mot de passe.',
    }),
    async (v) => {
      await trpc.auth.login.mutate(v);
      forgetSession();
      onSignedIn();
      return true;
    },
  );
  return (
    <AuthShell title="Connexion à l'administration">
      {form.failure ? <Notice type="error">{form.failure}</Notice> : null}
      <form noValidate onSubmit={form.submit({ email, password })}>
        <Field label="E-mail" type="email" autoComplete="username" value={email} onChange={setEmail} error={form.errors.email} />
        <Field
          label="Mot de passe"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={form.errors.password}
        />
        <Submit pending={form.pending}>Se connecter</Submit>
      </form>
      <p className="signin-links">
        <Link to="/forgot-password">Mot de passe oublié ?</Link>
      </p>
    </AuthShell>
  );
}

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const form = useSend(
    (v: { email: string }) => ({ email: emailError(v.email) }),
    (v) => trpc.auth.requestPasswordReset.mutate(v),
  );
  return (
    <AuthShell title="Mot de passe oublié">
      {form.result ? (
        <Notice type="success">
          Si cette adresse correspond à un compte administrateur, un e-mail contenant un lien de réinitialisation vient d'être envoyé. Le
          lien est valable une heure.
        </Notice>
      ) : (
        <>
          <p className="signin-hint">
            Saisissez l'adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.
          </p>
          {form.failure ? <Notice type="warning">{form.failure}</Notice> : null}
          <form noValidate onSubmit={form.submit({ email })}>
            <Field label="E-mail" type="email" autoComplete="username" value={email} onChange={setEmail} error={form.errors.email} />
            <Submit pending={form.pending}>Envoyer le lien</Submit>
          </form>
        </>
      )}
      <p className="signin-links">
        <Link to="/login">Retour à la connexion</Link>
      </p>
    </AuthShell>
  );
}

/** The page the reset e-mail links to: /admin/reset-password?token=... */
export function ResetPasswordPage({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useSend(
    (v: { password: string; confirm: string }) => ({
      password: v.password ? passwordError(v.password) : 'Saisissez un mot de passe.',
      confirm: !v.confirm ? 'Confirmez le mot de passe.' : v.confirm !== v.password ? 'Les deux mots de passe diffèrent.' : undefined,
    }),
    (v) => trpc.auth.resetPassword.mutate({ token, password: v.password }),
  );
  return (
    <AuthShell title="Nouveau mot de passe">
      {form.result ? (
        <Notice type="success">Votre mot de passe a été modifié. Connectez-vous avec le nouveau mot de passe.</Notice>
      ) : !token ? (
        <Notice type="warning">Ce lien est incomplet. Demandez un nouveau lien de réinitialisation.</Notice>
      ) : (
        <>
          <p className="signin-hint">
            Choisissez un mot de passe d'au moins {PASSWORD_MIN} caractères. Une phrase facile à retenir convient très bien.
          </p>
          {form.failure ? <Notice type="error">{form.failure}</Notice> : null}
          <form noValidate onSubmit={form.submit({ password, confirm })}>
            <Field
              label="Nouveau mot de passe"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
              error={form.errors.password}
            />
            <Field
              label="Confirmez le mot de passe"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={setConfirm}
              error={form.errors.confirm}
            />
            <Submit pending={form.pending}>Enregistrer le mot de passe</Submit>
          </form>
        </>
      )}
      <p className="signin-links signin-links-split">
        <Link to="/login">Se connecter</Link>
        <Link to="/forgot-password">Demander un nouveau lien</Link>
      </p>
    </AuthShell>
  );
}
