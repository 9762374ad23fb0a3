import { MailOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../providers/trpc';
import { retryUnlessRefused } from '../../providers/errors';
import { isEmail } from '@app/shared/format';
import { contactMessages, type RowOfResource } from '@app/shared/resources';

type Message = RowOfResource<typeof contactMessages>;
import { parsePhone } from '@app/shared/phone';
import { useOne, useUpdate } from '@refinedev/core';
import { Button, Card, Descriptions, Space, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../layout/PageTitle';
import { WhatsAppButton } from '../WhatsAppButton';
import { BackButton, DetailStatus } from '../../crud/DetailStatus';
import { shopDateTime } from '../../providers/shop-day';

const LIST = `/${contactMessages.admin.route}`;
/** The shop's own e-mail rule, as every e-mail field applies it. */

/** One contact message to read (marked read on opening), with a reply by e-mail or WhatsApp. */
export default function MessageDetail() {
  const { id = '' } = useParams();
  const { query, result: row } = useOne<Message>({ resource: contactMessages.name, id, queryOptions: { retry: retryUnlessRefused } });
  const { mutate } = useUpdate();
  const navigate = useNavigate();
  // With the shop's WhatsApp (Cloud API) the answer goes from the shop's number, in its conversation
  // (the thread says whether it is set up: a read of the database, no call to Meta).
  const email = row && isEmail(row.contact) ? row.contact : null;
  const phone = row && !email ? parsePhone(row.contact) : null;
  const contactPhone = phone?.e164;
  const thread = useQuery({
    queryKey: ['whatsapp', 'thread', contactPhone],
    queryFn: () => trpc.whatsapp.thread.query({ phone: contactPhone! }),
    enabled: !!contactPhone,
  });
  const unread = row !== undefined && row.read === false;
  // Once per message opened (mutate is a new function at each render).
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!unread || marked.current === id) return;
    marked.current = id;
    mutate({ resource: contactMessages.name, id, values: { read: true }, successNotification: false });
  }, [unread, id, mutate]);

  const back = <BackButton to={LIST} label="Retour aux messages" />;
  if (!row)
    return (
      <DetailStatus
        loading={query.isLoading}
        title="Message introuvable"
        subTitle="Ce message n'existe pas ou a été supprimé."
        back={back}
      />
    );

  const contact = row.contact;
  const subject = row.subject;
  const greeting = `Bonjour ${row.name},\n\n`;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      {back}
      <Card title={<PageTitle style={{ fontSize: 18 }}>{subject}</PageTitle>}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label="De">{row.name}</Descriptions.Item>
          <Descriptions.Item label="Contact">{contact}</Descriptions.Item>
          <Descriptions.Item label="Reçu le">{shopDateTime(row.createdAt)}</Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 16, fontSize: 15 }}>{row.message}</Typography.Paragraph>
        <Space wrap>
          {email ? (
            <Button
              type="primary"
              icon={<MailOutlined />}
              href={`mailto:${email}?subject=${encodeURIComponent(`Re : ${subject}`)}&body=${encodeURIComponent(greeting)}`}
            >
              Répondre par e-mail
            </Button>
          ) : null}
          {phone && thread.data?.configured ? (
            <Button
              icon={<WhatsAppOutlined />}
              style={{ color: '#075e54' }}
              onClick={() => navigate(`/whatsapp?phone=${encodeURIComponent(phone.e164)}`)}
            >
              Répondre sur WhatsApp
            </Button>
          ) : phone ? (
            <WhatsAppButton
              phone={phone.e164}
              size="middle"
              label="Répondre sur WhatsApp"
              message={`${greeting}Merci pour votre message « ${subject} ».`}
            />
          ) : null}
          {!email && !phone ? (
            <Typography.Text type="secondary">Ni e-mail ni téléphone reconnu : répondez par le moyen indiqué.</Typography.Text>
          ) : null}
        </Space>
      </Card>
    </Space>
  );
}
