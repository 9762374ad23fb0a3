import { PASSWORD_MIN } from '@app/shared/auth/rules';
import { App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { toHttpError } from '../providers/errors';
import { useMe } from '../providers/me';
import { trpc } from '../providers/trpc';
import { newPasswordRules } from '../fields/rules';
import { DeviceAlertsCard } from '../push/DeviceAlertsCard';
import { PasskeysCard } from './PasskeysCard';
import { SessionsList } from './SessionsList';

interface Values {
  currentPassword: string;
  newPassword: string;
}

/** Mon compte: this device's alerts; change the password (the current one is required; other devices are signed out). */
export default function AccountPage() {
  const { data: identity } = useMe();
  const { notification } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  async function save(values: Values) {
    setSaving(true);
    try {
      const { message } = await trpc.auth.changePassword.mutate(values);
      notification.success({ message, description: 'Vos autres appareils devront se reconnecter.' });
      form.resetFields();
    } catch (error) {
      const http = toHttpError(error);
      const fields = Object.entries(http.errors ?? {}).map(([name, errors]) => ({ name: name as keyof Values, errors: [String(errors)] }));
      if (fields.length) form.setFields(fields);
      notification.error({ message: 'Mot de passe non modifié', description: http.message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <DeviceAlertsCard />
      <Card title="Mon compte" style={{ maxWidth: 560 }}>
        <Typography.Paragraph>
          Connecté en tant que <strong>{identity?.email}</strong>.
        </Typography.Paragraph>
        <Form<Values> form={form} layout="vertical" onFinish={save} requiredMark={false}>
          <Form.Item
            name="currentPassword"
            label="Mot de passe actuel"
            rules={[{ required: true, message: 'Saisissez votre mot de passe actuel.' }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label="Nouveau mot de passe"
            extra={`Au moins ${PASSWORD_MIN} caractères ; une phrase facile à retenir convient très bien.`}
            rules={newPasswordRules}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {saving ? 'Envoi en cours...' : 'Changer le mot de passe'}
          </Button>
        </Form>
      </Card>
      <PasskeysCard />
      <Card title="Mes sessions ouvertes" style={{ maxWidth: 560 }}>
        <SessionsList />
      </Card>
    </Space>
  );
}
