import { useLogin } from '@refinedev/core';
import { EmailItem } from '../fields/EmailItem';
import { Alert, Button, Form, Input } from 'antd';
import { Link } from 'react-router';
import { AuthShell, Panel } from './AuthShell';
import { PageTitle } from '../layout/PageTitle';

interface Credentials {
  email: string;
  password: string;
}

export default function LoginPage() {
  const mutation = useLogin<Credentials>();
  const login = mutation.mutate;
  const pending = mutation.isPending;
  const failure = mutation.data && !mutation.data.success ? mutation.data.error?.message : mutation.error?.message;
  return (
    <AuthShell>
      <Panel>
        <PageTitle style={{ marginBottom: 16 }}>Connexion à l'administration</PageTitle>
        {failure ? <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} role="alert" /> : null}
        <Form<Credentials> layout="vertical" onFinish={(values) => login(values)} requiredMark={false}>
          <EmailItem />
          <Form.Item name="password" label="Mot de passe" rules={[{ required: true, message: 'Saisissez votre mot de passe.' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={pending}>
            {pending ? 'Envoi en cours...' : 'Se connecter'}
          </Button>
        </Form>
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/forgot-password">Mot de passe oublié ?</Link>
        </div>
      </Panel>
    </AuthShell>
  );
}
