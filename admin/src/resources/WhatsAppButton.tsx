import { WhatsAppOutlined } from '@ant-design/icons';
import { whatsappLink } from '@app/shared/format';
import { Button } from 'antd';

/** Opens the chat with the customer in a new tab (spec 7: the phone with non-digits removed). */
export function WhatsAppButton({
  phone,
  size = 'small',
  message,
  label = 'WhatsApp',
  block = false,
}: {
  phone: string;
  size?: 'small' | 'middle';
  message?: string;
  label?: string;
  block?: boolean;
}) {
  return (
    <Button
      size={size}
      block={block}
      icon={<WhatsAppOutlined />}
      href={whatsappLink(phone, message)}
      target="_blank"
      rel="noopener noreferrer"
      style={{ color: '#075e54' }}
    >
      {label}
    </Button>
  );
}
