import { passwordError, PASSWORD_MIN } from '@app/shared/auth/rules';
import { emailError } from '@app/shared/email';
import { useEffect, useState } from 'react';
import { loadBackOfficeWhenIdle } from './back-office';
import { homeOf } from '../layout/pages';
import { knowSession } from '../providers/session';
import type { Role } from '@app/shared/team';
import { trpc } from '../providers/trpc';
import { Link } from './navigation';
import { passkeyFailure, passkeysSupported, signInWithPasskey } from './passkey';
import { AuthShell, Field, Notice, Submit, useSend } from './ui';

type SignedIn = (me: { email: string; displayName: string; role: Role }) => void;

export function LoginPage({ onSignedIn }: { onSignedIn: SignedIn }) {
  useEffect(loadBackOfficeWhenIdle, []);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useSend(
    (v: { email: string; password: string }) => ({
      email: emailError(v.email),
      password: v.password ? undefined : 'Saisissez votre mot de passe.',
    }),
    async (v) => {
      const me = await trpc.auth.login.mutate(v);
      knowSession(me);
      onSignedIn(me);
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
      {passkeysSupported() && <PasskeySignIn onSignedIn={onSignedIn} />}
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
  const form = useSend(newPasswordErrors, (v) => trpc.auth.resetPassword.mutate({ token, password: v.password }));
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
            <NewPasswordFields label="Nouveau mot de passe" values={[password, setPassword, confirm, setConfirm]} errors={form.errors} />
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

/** An invitation to join the team: who is invited as what, and the password they choose. Signed in once it is set. */
export function InvitationPage({ token, onSignedIn }: { token: string; onSignedIn: SignedIn }) {
  const [invitation, setInvitation] = useState<{ displayName: string; email: string; role: Role; roleLabel: string } | null>(null);
  const [gone, setGone] = useState<string | null>(
    token ? null : 'Ce lien est incomplet. Demandez une nouvelle invitation au propriétaire.',
  );
  useEffect(() => {
    if (!token) return;
    trpc.team.invitation.query({ token }).then(setInvitation, (error: Error) => setGone(error.message));
  }, [token]);
  // While the new member chooses her password, her first screen's code arrives (as on sign-in),
  // that of her role's own screen with it.
  useEffect(() => {
    if (invitation) loadBackOfficeWhenIdle(homeOf(invitation.role));
  }, [invitation]);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useSend(newPasswordErrors, async (v) => {
    const me = await trpc.team.accept.mutate({ token, password: v.password });
    knowSession(me);
    onSignedIn(me);
    return true;
  });
  return (
    <AuthShell title="Rejoindre l’équipe">
      {gone ? (
        <Notice type="warning">{gone}</Notice>
      ) : !invitation ? (
        <p className="signin-hint">Vérification de l’invitation…</p>
      ) : (
        <>
          <p className="signin-hint">
            Bienvenue {invitation.displayName} ! Vous êtes invité(e) comme <strong>{invitation.roleLabel}</strong> avec l’adresse{' '}
            <strong>{invitation.email}</strong>. Choisissez votre mot de passe (au moins {PASSWORD_MIN} caractères) : vous pourrez ensuite
            ajouter une clé d’accès sur votre téléphone.
          </p>
          {form.failure ? <Notice type="error">{form.failure}</Notice> : null}
          <form noValidate onSubmit={form.submit({ password, confirm })}>
            <input type="hidden" autoComplete="username" value={invitation.email} readOnly />
            <NewPasswordFields label="Mot de passe" values={[password, setPassword, confirm, setConfirm]} errors={form.errors} />
            <Submit pending={form.pending}>Rejoindre l’équipe</Submit>
          </form>
        </>
      )}
      <p className="signin-links">
        <Link to="/login">Se connecter</Link>
      </p>
    </AuthShell>
  );
}

const newPasswordErrors = (v: { password: string; confirm: string }) => ({
  password: v.password ? passwordError(v.password) : 'Saisissez un mot de passe.',
  confirm: !v.confirm ? 'Confirmez le mot de passe.' : v.confirm !== v.password ? 'Les deux mots de passe diffèrent.' : undefined,
});

/** A new password typed twice (a reset, an invitation). */
function NewPasswordFields({
  label,
  values: [password, setPassword, confirm, setConfirm],
  errors,
}: {
  label: string;
  values: [string, (v: string) => void, string, (v: string) => void];
  errors: { password?: string | undefined; confirm?: string | undefined };
}) {
  return (
    <>
      <Field label={label} type="password" autoComplete="new-password" value={password} onChange={setPassword} error={errors.password} />
      <Field
        label="Confirmez le mot de passe"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
        error={errors.confirm}
      />
    </>
  );
}

/** "Utiliser une clé d’accès": the phone's fingerprint or code instead of the password. */
function PasskeySignIn({ onSignedIn }: { onSignedIn: SignedIn }) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const start = async () => {
    setPending(true);
    setFailure(null);
    try {
      const me = await signInWithPasskey();
      knowSession(me);
      onSignedIn(me);
    } catch (error) {
      setFailure(passkeyFailure(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="signin-passkey">
      {failure ? <Notice type="error">{failure}</Notice> : null}
      <button type="button" className="signin-secondary" onClick={() => void start()} disabled={pending}>
        {pending ? 'Vérification…' : 'Utiliser une clé d’accès'}
      </button>
    </div>
  );
}
