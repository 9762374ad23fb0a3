import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Image, Input, Space } from 'antd';
import { useRef } from 'react';
import { ListInput } from './ListInput';
import { MediaUploader } from './MediaUploader';

interface Props {
  value?: string | null;
  onChange?: (value: string) => void;
  id?: string;
}

/** An image URL (http(s) or a local /media path) with a preview of what it points to. */
export function ImageInput({ value, onChange, id, label = 'Image' }: Props & { label?: string }) {
  return (
    <div>
      <Input id={id} value={value ?? ''} placeholder="https://... ou /media/..." onChange={(e) => onChange?.(e.target.value)} />
      <MediaUploader label={label} onUploaded={(url) => onChange?.(url)} />
      {value ? (
        <div style={{ marginTop: 8 }}>
          <Image src={value} alt="Aperçu" height={96} style={{ objectFit: 'contain' }} fallback={PLACEHOLDER} preview={false} />
        </div>
      ) : null}
    </div>
  );
}

/**
 * A product's photos: uploaded or typed as addresses, shown as thumbnails in their order (the
 * first is the main one), each movable and removable.
 */
export function ImageListInput({
  value,
  onChange,
  id,
  label,
}: {
  value?: string[] | null;
  onChange?: (value: string[]) => void;
  id?: string;
  label: string;
}) {
  const items = value ?? [];
  // Several photos can finish uploading before the next render: each one adds to the latest list.
  const latest = useRef(items);
  latest.current = items;
  const add = (urls: string[]) => {
    const next = [...latest.current, ...urls.filter((u) => !latest.current.includes(u))];
    latest.current = next;
    onChange?.(next);
  };
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange?.(next);
  };
  return (
    <div>
      {items.length > 0 ? (
        <ol
          style={{ listStyle: 'none', padding: 0, margin: '0 0 8px', display: 'flex', flexWrap: 'wrap', gap: 8 }}
          aria-label={`${label} (la première est la principale)`}
        >
          {items.map((url, index) => (
            <li key={url} style={{ border: '1px solid #d9d9d9', borderRadius: 6, padding: 4, width: 112 }}>
              <Image
                src={url}
                alt={`Photo ${index + 1}`}
                width={102}
                height={76}
                style={{ objectFit: 'cover' }}
                fallback={PLACEHOLDER}
                preview={false}
              />
              <Space size={2} style={{ marginTop: 4 }}>
                <Button
                  size="small"
                  icon={<ArrowLeftOutlined />}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={`Avancer la photo ${index + 1}`}
                />
                <Button
                  size="small"
                  icon={<ArrowRightOutlined />}
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={`Reculer la photo ${index + 1}`}
                />
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => onChange?.(items.filter((_, i) => i !== index))}
                  aria-label={`Retirer la photo ${index + 1}`}
                />
              </Space>
            </li>
          ))}
        </ol>
      ) : null}
      <MediaUploader multiple label={label} onUploaded={(url) => add([url])} />
      <div style={{ marginTop: 8 }}>
        <ListInput id={id} label={label} placeholder="ou une adresse : https://... ou /media/..." value={[]} onChange={add} />
      </div>
    </div>
  );
}

// Shown when the address does not load: a grey frame instead of a broken-image icon.
const PLACEHOLDER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#eee"/></svg>');
