import { Form, Input } from 'antd';
import { emailRules } from './rules';

/** The sign-in e-mail field of the login and forgotten-password pages, with the shared e-mail rule. */
export function EmailItem() {
  return (
    <Form.Item name="email" label="E-mail" rules={emailRules}>
      <Input type="email" autoComplete="username" inputMode="email" />
    </Form.Item>
  );
}
