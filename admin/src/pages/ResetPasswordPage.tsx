import { PASSWORD_MIN } from '@app/shared/auth/rules';
import { useUpdatePassword } from '@refinedev/core';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { AuthShell, Panel } from './AuthShell';
import { PageTitle } from '../layout/PageTitle';
import { newPasswordRules } from '../fields/rules';

interface Values {
  password: string;
  confirm: string;
}

/** The page the reset e-mail links to: /admin/reset-password?token=... */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const mutation = useUpdatePassword<{ token: string; password: string }>();
  const result = mutation.data;
  return (
    <AuthShell>
      <Panel>
        <PageTitle style={{ marginBottom: 16 }}>Nouveau mot de passe</PageTitle>
        {result?.success ? (
          <Alert
            type="success"
            showIcon
            role="status"
            message="Votre mot de passe a été modifié. Connectez-vous avec le nouveau mot de passe."
          />
        ) : !token ? (
          <Alert type="warning" showIcon role="alert" message="Ce lien est incomplet. Demandez un nouveau lien de réinitialisation." />
        ) : (
          <>
            <Typography.Paragraph type="secondary">
              Choisissez un mot de passe d'au moins {PASSWORD_MIN} caractères. Une phrase facile à retenir convient très bien.
            </Typography.Paragraph>
            {result && !result.success ? (
              <Alert type="error" showIcon role="alert" message={result.error?.message} style={{ marginBottom: 16 }} />
            ) : null}
            <Form<Values> layout="vertical" requiredMark={false} onFinish={({ password }) => mutation.mutate({ token, password })}>
              <Form.Item name="password" label="Nouveau mot de passe" rules={newPasswordRules}>
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Form.Item
                name="confirm"
                label="Confirmez le mot de passe"
                dependencies={['password']}
                rules={[
                  { required: true, message: 'Confirmez le mot de passe.' },
                  ({ getFieldValue }) => ({
                    validator: (_, value) =>
                      !value || value === getFieldValue('password')
                        ? Promise.resolve()
                        : Promise.reject(new Error('Les deux mots de passe diffèrent.')),
                  }),
                ]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
                {mutation.isPending ? 'Envoi en cours...' : 'Enregistrer le mot de passe'}
              </Button>
            </Form>
          </>
        )}
        <div style={{ marginTop: 16, textAlign: 'center', display: 'flex', justifyContent: 'space-between' }}>
          <Link to="/login">Se connecter</Link>
          <Link to="/forgot-password">Demander un nouveau lien</Link>
        </div>
      </Panel>
    </AuthShell>
  );
}
