import type { AnyField, AnyResource } from '@app/shared/resources';
import { formatXOF, mediaSources } from '@app/shared/format';
import { formatPhone } from '@app/shared/phone';
import { Rate, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { ReferenceTitle } from './Reference';
import { StatusTag } from './StatusTag';
import { shopDateTime } from '../providers/shop-day';

// Colours for the status values the owner scans for; other enum values stay neutral.
const SYSTEM_LABELS: Record<string, string> = { createdAt: 'Créé le', updatedAt: 'Modifié le' };

export const columnLabel = (resource: AnyResource, key: string) => resource.fields[key]?.label ?? SYSTEM_LABELS[key] ?? key;

/** The record's picture for lists: its first image field, or the first image of its first image list. */
export function imageOf(resource: AnyResource, row: Record<string, unknown>): string | null {
  const key = imageKeyOf(resource);
  const value = key ? row[key] : null;
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first ? first : null;
}
export const imageKeyOf = (resource: AnyResource) =>
  Object.entries(resource.fields).find(([, f]) => f.kind === 'image' || f.kind === 'imageList')?.[0] ?? null;

/** A record's picture in a list; an uploaded photo in its smallest size, which is plenty. */
export function Thumbnail({ src, size }: { src: string; size: number }) {
  const media = mediaSources(src);
  return (
    <img
      src={media ? `/media/${media.id}/${media.widths[0]}.webp` : src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      style={{ objectFit: 'cover', borderRadius: size > 48 ? 6 : 4, display: 'block', flex: 'none' }}
    />
  );
}

/** How a value shows in a list cell, by field kind. */
export function renderCell(field: AnyField | undefined, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return <Typography.Text type="secondary">—</Typography.Text>;
  if (!field) return shopDateTime(String(value));
  switch (field.kind) {
    case 'money':
      return <span style={{ whiteSpace: 'nowrap' }}>{formatXOF(Number(value))}</span>;
    case 'boolean':
      return value ? <Tag color="green">Oui</Tag> : <Tag>Non</Tag>;
    case 'enum':
      return <StatusTag value={String(value)} label={field.options?.[String(value)]} />;
    case 'date':
      return dayjs(String(value)).format('DD/MM/YYYY');
    case 'datetime':
      return <span style={{ whiteSpace: 'nowrap' }}>{shopDateTime(String(value))}</span>;
    case 'phone':
      // Stored in E.164: shown the Benin way (01 97 12 34 56), or international for other countries.
      return <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(String(value))}</span>;
    case 'rating':
      return <Rate disabled value={Number(value)} style={{ fontSize: 14 }} />;
    case 'image':
      return <Thumbnail src={String(value)} size={40} />;
    case 'url':
      return (
        <Typography.Link href={String(value)} target="_blank" rel="noopener noreferrer" ellipsis style={{ maxWidth: 220 }}>
          {String(value)}
        </Typography.Link>
      );
    case 'stringList':
    case 'imageList':
      return Array.isArray(value) ? `${value.length} élément${value.length > 1 ? 's' : ''}` : '—';
    case 'json':
      return '…';
    case 'reference':
      return <ReferenceTitle field={field} id={String(value)} />;
    case 'longText':
      // A sentence to read (an error, a note): three lines, the rest on hover.
      return (
        <Typography.Paragraph ellipsis={{ rows: 3, tooltip: String(value) }} style={{ maxWidth: 260, marginBottom: 0 }}>
          {String(value)}
        </Typography.Paragraph>
      );
    default:
      return (
        <Typography.Text ellipsis={{ tooltip: String(value) }} style={{ maxWidth: 260 }}>
          {String(value)}
        </Typography.Text>
      );
  }
}
