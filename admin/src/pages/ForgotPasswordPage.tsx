import { useForgotPassword } from '@refinedev/core';
import { EmailItem } from '../fields/EmailItem';
import { Alert, Button, Form, Typography } from 'antd';
import { Link } from 'react-router';
import { AuthShell, Panel } from './AuthShell';
import { PageTitle } from '../layout/PageTitle';

export default function ForgotPasswordPage() {
  const mutation = useForgotPassword<{ email: string }>();
  const requestReset = mutation.mutate;
  const pending = mutation.isPending;
  const result = mutation.data;
  return (
    <AuthShell>
      <Panel>
        <PageTitle style={{ marginBottom: 16 }}>Mot de passe oublié</PageTitle>
        {result?.success ? (
          <Alert
            type="success"
            showIcon
            role="status"
            message="Si cette adresse correspond à un compte administrateur, un e-mail contenant un lien de réinitialisation vient d'être envoyé. Le lien est valable une heure."
          />
        ) : (
          <>
            <Typography.Paragraph type="secondary">
              Saisissez l'adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.
            </Typography.Paragraph>
            {result && !result.success ? (
              <Alert type="warning" showIcon role="alert" message={result.error?.message} style={{ marginBottom: 16 }} />
            ) : null}
            <Form<{ email: string }> layout="vertical" onFinish={(values) => requestReset(values)} requiredMark={false}>
              <EmailItem />
              <Button type="primary" htmlType="submit" block loading={pending}>
                {pending ? 'Envoi en cours...' : 'Envoyer le lien'}
              </Button>
            </Form>
          </>
        )}
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/login">Retour à la connexion</Link>
        </div>
      </Panel>
    </AuthShell>
  );
}
