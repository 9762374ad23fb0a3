import { PlusOutlined } from '@ant-design/icons';
import { Button, Input, Space, Tag } from 'antd';
import { useState } from 'react';

interface Props {
  value?: string[] | null;
  onChange?: (value: string[]) => void;
  label: string;
  placeholder?: string;
  id?: string;
}

/** Features, syllabus, image URLs: an item is added only when non-empty and not already listed. */
export function ListInput({ value, onChange, label, placeholder, id }: Props) {
  const items = value ?? [];
  const [draft, setDraft] = useState('');
  const add = () => {
    const item = draft.trim();
    if (!item || items.some((existing) => existing.toLowerCase() === item.toLowerCase())) return;
    onChange?.([...items, item]);
    setDraft('');
  };
  return (
    <div data-testid={id ? `list-${id}` : undefined}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={draft}
          placeholder={placeholder ?? 'Nouvel élément'}
          aria-label={`Nouvel élément : ${label}`}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={(e) => {
            // Enter adds the item instead of submitting the whole form.
            e.preventDefault();
            add();
          }}
        />
        <Button icon={<PlusOutlined />} onClick={add} aria-label={`Ajouter à : ${label}`}>
          Ajouter
        </Button>
      </Space.Compact>
      <div style={{ marginTop: 8, display: 'flex', flexWrap: 'wrap', gap: 6 }}>
        {items.map((item) => (
          <Tag
            key={item}
            closable
            closeIcon={<span aria-label={`Retirer ${item}`}>×</span>}
            onClose={(e) => {
              e.preventDefault();
              onChange?.(items.filter((other) => other !== item));
            }}
            style={{ maxWidth: '100%', whiteSpace: 'normal', wordBreak: 'break-word' }}
          >
            {item}
          </Tag>
        ))}
      </div>
    </div>
  );
}
