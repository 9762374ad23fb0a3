import { searchButton } from '../crud/search-button';
import { ArrowLeftOutlined, CheckOutlined, CopyOutlined, FilePdfOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { MANAGERS, may, type Role } from '@app/shared/team';
import { templateStatuses, whatsappStatuses } from '@app/shared/whatsapp';
import { displayPhone, formatXOF, whatsappLink } from '@app/shared/format';
import { orderStatuses } from '@app/shared/labels';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Button, Card, Empty, Grid, Input, List, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../layout/PageTitle';
import { toHttpError } from '../providers/errors';
import { shopDateTime } from '../providers/shop-day';
import { trpc } from '../providers/trpc';

type Thread = Awaited<ReturnType<typeof trpc.whatsapp.thread.query>>;

/**
 * WhatsApp: the customers' conversations, the latest first; one opens beside the list on a desk and
 * in its place on a phone (?phone=, the address a notification or an order's button opens), with the
 * customer's orders and a reply box that says whether a free reply may go. The managers also see the
 * templates to submit to Meta and their status.
 */
export default function WhatsAppPage({ role }: { role: Role }) {
  const [params, setParams] = useSearchParams();
  const phone = params.get('phone');
  const desk = Grid.useBreakpoint().lg;
  const open = (next: string | null) => setParams(next ? { phone: next } : {});
  const conversations = <Conversations selected={phone} onOpen={open} />;
  // Keyed by the phone: a draft never follows the owner into another customer's conversation.
  const body = desk ? (
    <div style={{ display: 'grid', gridTemplateColumns: '340px 1fr', gap: 16, alignItems: 'start' }}>
      {conversations}
      {phone ? <Conversation key={phone} phone={phone} /> : <Empty description="Choisissez une conversation." />}
    </div>
  ) : phone ? (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button icon={<ArrowLeftOutlined />} onClick={() => open(null)}>
        Conversations
      </Button>
      <Conversation key={phone} phone={phone} />
    </Space>
  ) : (
    conversations
  );
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>WhatsApp</PageTitle>
      {may(role, MANAGERS) ? (
        <Tabs
          items={[
            { key: 'conversations', label: 'Conversations', children: body },
            { key: 'templates', label: 'Modèles de messages', children: <Templates /> },
          ]}
        />
      ) : (
        body
      )}
    </Space>
  );
}

function Conversations({ selected, onOpen }: { selected: string | null; onOpen: (phone: string) => void }) {
  const [search, setSearch] = useState('');
  const list = useQuery({
    queryKey: ['whatsapp', 'conversations', search],
    queryFn: () => trpc.whatsapp.conversations.query(search ? { search } : {}),
    refetchInterval: 15_000,
  });
  return (
    <Card size="small" styles={{ body: { padding: 8 } }}>
      <Input.Search
        aria-label="Chercher une conversation"
        placeholder="Nom ou numéro"
        enterButton={searchButton}
        allowClear
        onSearch={setSearch}
        style={{ marginBottom: 8 }}
      />
      {list.error && <Alert type="error" showIcon message="Conversations indisponibles" description={toHttpError(list.error).message} />}
      <List
        loading={list.isPending}
        locale={{ emptyText: search ? 'Aucune conversation trouvée.' : 'Aucun message WhatsApp pour l’instant.' }}
        dataSource={list.data ?? []}
        renderItem={(c) => (
          <List.Item
            style={{ cursor: 'pointer', padding: '8px', background: c.phone === selected ? '#e6f4ff' : undefined, borderRadius: 6 }}
            onClick={() => onOpen(c.phone)}
          >
            <List.Item.Meta
              title={
                <Space>
                  <a href={`?phone=${encodeURIComponent(c.phone)}`} onClick={(e) => e.preventDefault()}>
                    {c.name || displayPhone(c.phone)}
                  </a>
                  {c.unread > 0 && <Badge count={c.unread} aria-label={`${c.unread} non lu${c.unread > 1 ? 's' : ''}`} />}
                  {c.stoppedAt && <Tag>STOP</Tag>}
                </Space>
              }
              description={
                <>
                  <Typography.Text type="secondary" ellipsis style={{ display: 'block', maxWidth: 280 }}>
                    {c.lastText}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {shopDateTime(c.lastMessageAt)}
                  </Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

const TEMPLATE_COLORS: Record<string, string> = { APPROVED: 'green', PENDING: 'gold', IN_APPEAL: 'gold', MISSING: 'default' };
const STATUS_COLORS: Record<string, string> = { read: 'blue', delivered: 'green', failed: 'red', sent: 'default', accepted: 'default' };

function Conversation({ phone }: { phone: string }) {
  const queryClient = useQueryClient();
  const thread = useQuery({
    queryKey: ['whatsapp', 'thread', phone],
    queryFn: () => trpc.whatsapp.thread.query({ phone }),
    refetchInterval: 10_000,
  });
  if (thread.error)
    return <Alert type="error" showIcon message="Conversation indisponible" description={toHttpError(thread.error).message} />;
  if (!thread.data) return <Card loading />;
  const t = thread.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space wrap>
            <WhatsAppOutlined />
            <span>{t.name || displayPhone(t.phone)}</span>
            {t.name && <Typography.Text type="secondary">{displayPhone(t.phone)}</Typography.Text>}
          </Space>
        }
        extra={
          <Button size="small" href={whatsappLink(t.phone)} target="_blank">
            Ouvrir dans WhatsApp
          </Button>
        }
      >
        {t.messages.length === 0 ? (
          <Empty description="Aucun message avec ce numéro." />
        ) : (
          <ol aria-label="Messages" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
            {t.messages.map((m) => (
              <li
                key={m.id}
                style={{
                  alignSelf: m.direction === 'in' ? 'flex-start' : 'flex-end',
                  maxWidth: '85%',
                  background: m.direction === 'in' ? '#f5f5f5' : '#d9fdd3',
                  borderRadius: 8,
                  padding: '6px 10px',
                }}
              >
                {m.media && <MessageFile media={m.media} />}
                {m.body && <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.body}</div>}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {shopDateTime(m.createdAt)}
                  {m.direction === 'out' && (
                    <>
                      {' · '}
                      <Tag color={STATUS_COLORS[m.status]} style={{ marginInlineEnd: 0 }}>
                        {whatsappStatuses[m.status]}
                      </Tag>
                      {m.author ? ` · ${m.author}` : m.template ? ' · automatique' : ''}
                    </>
                  )}
                </Typography.Text>
                {m.note && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {m.note}
                  </Typography.Text>
                )}
                {m.error && <Alert type="error" message={m.error} style={{ marginTop: 4 }} />}
              </li>
            ))}
          </ol>
        )}
      </Card>
      <Reply thread={t} onSent={() => queryClient.invalidateQueries({ queryKey: ['whatsapp'] })} />
      {t.orders.length > 0 && (
        <Card size="small" title="Ses commandes">
          <List
            size="small"
            dataSource={t.orders}
            renderItem={(o) => (
              <List.Item extra={<Tag>{orderStatuses[o.status]}</Tag>}>
                <Link to={`/orders/${o.id}`}>{o.number}</Link> · {formatXOF(Number(o.total))} · {shopDateTime(o.createdAt)}
              </List.Item>
            )}
          />
        </Card>
      )}
    </Space>
  );
}

/**
 * A file the customer sent, in its place: the photo (its small version; a tap opens the whole one),
 * the voice message to play (fetched only then), the PDF to open.
 */
function MessageFile({ media }: { media: NonNullable<Thread['messages'][number]['media']> }) {
  if (media.kind === 'image') {
    const width = Math.min(320, media.width ?? 320);
    return (
      <a href={media.url} target="_blank" rel="noreferrer" style={{ display: 'block', marginBottom: 4 }}>
        <img
          src={`${media.url}?apercu`}
          alt="Photo envoyée par le client (toucher pour l’agrandir)"
          width={width}
          height={media.width && media.height ? Math.round((width * media.height) / media.width) : width}
          loading="lazy"
          style={{ display: 'block', maxWidth: '100%', height: 'auto', borderRadius: 6 }}
        />
      </a>
    );
  }
  if (media.kind === 'audio')
    return (
      <audio controls preload="none" src={media.url} aria-label="Message vocal du client" style={{ display: 'block', maxWidth: '100%' }} />
    );
  return (
    <Button icon={<FilePdfOutlined />} href={media.url} style={{ marginBottom: 4, maxWidth: '100%' }}>
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{media.filename ?? 'Document'}</span>
    </Button>
  );
}

function Reply({ thread, onSent }: { thread: Thread; onSent: () => unknown }) {
  const { notification } = App.useApp();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const blocked = !thread.configured || thread.stopped;
  const send = async () => {
    setBusy(true);
    try {
      const { sent } = await trpc.whatsapp.reply.mutate({ phone: thread.phone, text });
      notification.success({
        message: sent === 'text' ? 'Réponse envoyée' : 'Modèle envoyé',
        description:
          sent === 'text' || !text.trim()
            ? undefined
            : 'Le client est invité à répondre ; votre réponse est gardée et part dès qu’il répond.',
      });
      setText('');
      await onSent();
    } catch (error) {
      notification.error({ message: 'Réponse non envoyée', description: toHttpError(error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title="Répondre">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type={thread.open ? 'success' : blocked ? 'warning' : 'info'} showIcon message={thread.replyRule} />
        {!blocked && (
          <>
            <Input.TextArea
              aria-label="Votre réponse"
              placeholder={thread.open ? 'Votre message…' : 'Votre réponse (gardée, elle part quand il aura répondu au modèle)'}
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoSize={{ minRows: 2, maxRows: 8 }}
              maxLength={4096}
            />
            <Button
              type="primary"
              icon={<WhatsAppOutlined />}
              loading={busy}
              disabled={thread.open && !text.trim()}
              onClick={() => void send()}
              // The template's name is long: on a phone the label wraps inside the button.
              block
              style={{ whiteSpace: 'normal', height: 'auto', minHeight: 32 }}
            >
              {thread.open ? 'Envoyer' : 'Envoyer le modèle « Réponse hors des 24 heures »'}
            </Button>
          </>
        )}
      </Space>
    </Card>
  );
}

function Templates() {
  const { message } = App.useApp();
  const read = useQuery({ queryKey: ['whatsapp', 'templates'], queryFn: () => trpc.whatsapp.templates.query() });
  if (read.error) return <Alert type="error" showIcon message="Modèles indisponibles" description={toHttpError(read.error).message} />;
  if (!read.data) return <Card loading />;
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 860 }}>
      <Typography.Paragraph>
        À soumettre dans WhatsApp Manager (Meta), chacun avec ce nom exact, la catégorie <strong>Utilité</strong> et la langue{' '}
        <strong>français (fr)</strong>, le texte tel quel et l’exemple donné. La boutique envoie sans attendre l’approbation : un modèle que
        Meta refuse est remplacé, pour ce message, par l’e-mail et le lien wa.me.
      </Typography.Paragraph>
      {read.data.problem && <Alert type="warning" showIcon message={read.data.problem} />}
      {read.data.templates.map((t) => (
        <Card
          key={t.name}
          size="small"
          title={
            <Space wrap>
              <span>{t.label}</span>
              <Typography.Text code>{t.name}</Typography.Text>
            </Space>
          }
          extra={
            t.status ? (
              <Tag color={TEMPLATE_COLORS[t.status] ?? 'red'} icon={t.status === 'APPROVED' ? <CheckOutlined /> : null}>
                {templateStatuses[t.status] ?? t.status}
              </Tag>
            ) : null
          }
        >
          {'document' in t && t.document && (
            <Typography.Paragraph type="secondary">En-tête : document (le PDF du reçu ou de la facture).</Typography.Paragraph>
          )}
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>{t.body}</Typography.Paragraph>
          <Space wrap>
            <Button
              size="small"
              icon={<CopyOutlined />}
              onClick={() => void navigator.clipboard.writeText(t.body).then(() => message.success('Texte copié'))}
            >
              Copier le texte
            </Button>
            <Typography.Text type="secondary">Exemple : {t.example.map((v, i) => `{{${i + 1}}} = ${v}`).join(' ; ')}</Typography.Text>
          </Space>
        </Card>
      ))}
    </Space>
  );
}
