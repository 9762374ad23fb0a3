import { CopyOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role, roleSummary } from '@app/shared/team';
import { places } from '../crud/places';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, List, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { PageTitle } from '../layout/PageTitle';
import { SessionsList } from './SessionsList';
import { toHttpError } from '../providers/errors';
import { trpc } from '../providers/trpc';
import { shopDateTime } from '../providers/shop-day';

type Member = Awaited<ReturnType<typeof trpc.team.members.query>>[number];
const when = (at: string | null) => (at ? shopDateTime(at) : '—');
const roleOptions = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role], title: ROLE_DESCRIPTIONS[role] }));

/** Équipe (the owner's): who has an account and with which role, invitations waiting, sessions, removal. */
export default function TeamPage() {
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const members = useQuery({ queryKey: ['team', 'members'], queryFn: () => trpc.team.members.query() });
  const invitations = useQuery({ queryKey: ['team', 'invitations'], queryFn: () => trpc.team.invitations.query() });
  const [inviting, setInviting] = useState(false);
  const [sessionsOf, setSessionsOf] = useState<Member | null>(null);
  const run = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      notification.success({ message: done });
    } catch (error) {
      notification.error({ message: 'Non enregistré', description: toHttpError(error).message });
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['team'] });
    }
  };
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <PageTitle>Équipe</PageTitle>
        <Button type="primary" onClick={() => setInviting(true)}>
          Inviter une personne
        </Button>
      </Space>
      {members.error && <Alert type="error" showIcon message={toHttpError(members.error).message} />}
      <Table<Member>
        rowKey="id"
        loading={members.isPending}
        dataSource={members.data}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          { title: 'Nom', dataIndex: 'displayName' },
          { title: 'E-mail', dataIndex: 'email' },
          {
            title: 'Rôle',
            dataIndex: 'role',
            render: (role: Role, member) => (
              <Select
                aria-label={`Rôle de ${member.displayName}`}
                value={role}
                options={roleOptions}
                style={{ minWidth: 150 }}
                onChange={(next) =>
                  run(() => trpc.team.setRole.mutate({ id: member.id, role: next }), `${member.displayName} : ${ROLE_LABELS[next]}`)
                }
              />
            ),
          },
          { title: 'Dernière activité', dataIndex: 'lastSeenAt', render: when },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, member) => (
              <Space wrap>
                <Button onClick={() => setSessionsOf(member)}>Sessions</Button>
                <Popconfirm
                  title={`Retirer ${member.displayName} de l’équipe ?`}
                  description="Ses sessions se ferment immédiatement."
                  okText="Retirer"
                  cancelText="Annuler"
                  onConfirm={() =>
                    run(() => trpc.team.remove.mutate({ id: member.id }), `${member.displayName} ne fait plus partie de l’équipe`)
                  }
                >
                  <Button danger>Retirer</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Card title="Invitations en attente" size="small">
        <List
          locale={{ emptyText: <Typography.Text type="secondary">Aucune invitation en attente.</Typography.Text> }}
          dataSource={invitations.data ?? []}
          renderItem={(inv) => (
            <List.Item
              actions={[
                <Button
                  key="revoke"
                  danger
                  type="link"
                  onClick={() => run(() => trpc.team.revokeInvitation.mutate({ id: inv.id }), 'Invitation annulée')}
                >
                  Annuler
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={`${inv.displayName} · ${ROLE_LABELS[inv.role]}`}
                description={`${inv.email} · valable jusqu’au ${when(inv.expiresAt)}`}
              />
            </List.Item>
          )}
        />
      </Card>
      <Card title="Les rôles" size="small">
        {ROLES.map((role) => {
          // From the declarations the server enforces: exactly what the role allows.
          const { may, mayNot } = roleSummary(role, places);
          return (
            <Typography.Paragraph key={role} style={{ marginBottom: 12 }}>
              <Tag>{ROLE_LABELS[role]}</Tag> {ROLE_DESCRIPTIONS[role]}
              {/* A role that may do everything says so in its description: no list of everything. */}
              {mayNot.length ? (
                <>
                  <br />
                  <Typography.Text type="secondary">Peut : {may.join(', ')}.</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">Ne peut pas : {mayNot.join(', ')}.</Typography.Text>
                </>
              ) : null}
            </Typography.Paragraph>
          );
        })}
      </Card>
      <InviteModal
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={() => queryClient.invalidateQueries({ queryKey: ['team'] })}
      />
      {sessionsOf && <SessionsModal member={sessionsOf} onClose={() => setSessionsOf(null)} />}
    </Space>
  );
}

/**
 * The invitation's rules (zod, the phone numbers' metadata: the shared declarations' weight), fetched
 * when the dialog opens rather than with the screen, which shows the team without them.
 */
const inviteRules = () => import('@app/shared/team/schemas');

interface InviteValues {
  email: string;
  displayName: string;
  phone?: string;
  role: Role;
}

function InviteModal({ open, onClose, onInvited }: { open: boolean; onClose: () => void; onInvited: () => void }) {
  const [form] = Form.useForm<InviteValues>();
  const [sent, setSent] = useState<{ link: string; whatsapp: string | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  useEffect(() => {
    if (open) void inviteRules().catch(() => undefined);
  }, [open]);
  const close = () => {
    setSent(null);
    form.resetFields();
    onClose();
  };
  const submit = async (values: InviteValues) => {
    const { inviteSchema } = await inviteRules();
    const parsed = inviteSchema.safeParse({ ...values, phone: values.phone || undefined });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path[0] as keyof InviteValues, errors: [i.message] })));
      return;
    }
    setSaving(true);
    try {
      setSent(await trpc.team.invite.mutate(parsed.data));
      onInvited();
    } catch (error) {
      const http = toHttpError(error);
      form.setFields([{ name: 'email', errors: [http.message] }]);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title="Inviter une personne" onCancel={close} footer={null} destroyOnHidden>
      {sent ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert
            type="success"
            showIcon
            message="Invitation envoyée par e-mail"
            description="Le lien est valable 48 heures, une seule fois."
          />
          <Input readOnly value={sent.link} aria-label="Lien d’invitation" />
          <Space wrap>
            <Button
              icon={<CopyOutlined />}
              onClick={() => navigator.clipboard?.writeText(sent.link).then(() => message.success('Lien copié'))}
            >
              Copier le lien
            </Button>
            {sent.whatsapp && (
              <Button icon={<WhatsAppOutlined />} href={sent.whatsapp} target="_blank">
                Envoyer par WhatsApp
              </Button>
            )}
            <Button type="primary" onClick={close}>
              Terminé
            </Button>
          </Space>
        </Space>
      ) : (
        <Form<InviteValues> form={form} layout="vertical" onFinish={submit} initialValues={{ role: 'seller' }} requiredMark={false}>
          <Form.Item name="displayName" label="Nom">
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="email" label="E-mail">
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <Form.Item name="phone" label="Téléphone WhatsApp (facultatif)" extra="Pour lui envoyer le lien par WhatsApp.">
            <Input type="tel" autoComplete="off" />
          </Form.Item>
          <Form.Item name="role" label="Rôle">
            <Select options={roleOptions} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            Envoyer l’invitation
          </Button>
        </Form>
      )}
    </Modal>
  );
}

/** Someone's open sessions; the owner ends them all ("se déconnecter partout"). */
function SessionsModal({ member, onClose }: { member: { id: string; displayName: string } | null; onClose: () => void }) {
  return (
    <Modal open title={member ? `Sessions de ${member.displayName}` : 'Mes sessions ouvertes'} onCancel={onClose} footer={null}>
      <SessionsList adminId={member?.id} />
    </Modal>
  );
}
