import type { AnyField } from '@app/shared/resources';
import { DatePicker, Form, type FormRule as Rule, Input, InputNumber, Rate, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { formatPhone } from '@app/shared/phone';
import type { ComponentProps, ReactNode } from 'react';
import { ImageInput, ImageListInput } from './ImageInput';
import { JsonValue } from './JsonValue';
import { LazyHtmlEditor } from './LazyHtmlEditor';
import { ListInput } from './ListInput';
import { ReferenceSelect } from './Reference';
import { rulesFor } from './rules';
import { isRequired } from './values';
import { onShopClock, shopTime } from '../providers/shop-day';

interface Props {
  name: string;
  field: AnyField;
  action: 'create' | 'edit';
  /** Rules across fields shown on this one (from the resource's `checks`), and the fields they read. */
  checks?: { rules: Rule[]; dependencies: string[] };
  /** Called when the input loses focus (the blog title regenerates the slug). */
  onBlur?: () => void;
}

/** The form row for one field: label, widget chosen by its kind, and the zod rule. */
export function FieldItem({ name, field, action, onBlur, checks }: Props) {
  const common = {
    name,
    label: field.label,
    required: isRequired(field),
    rules: [...rulesFor(field, action), ...(checks?.rules ?? [])],
    dependencies: checks?.dependencies ?? [],
    extra:
      field.help ??
      (field.kind === 'slug'
        ? 'Adresse de la page. Générée à partir du titre ou du nom si laissée vide ; une fois enregistrée, elle ne change que si vous la modifiez ici (l’ancienne adresse redirige vers la nouvelle).'
        : undefined),
  };
  if (field.kind === 'boolean') {
    return (
      <Form.Item {...common} valuePropName="checked">
        <Switch disabled={field.readOnly} />
      </Form.Item>
    );
  }
  if (field.kind === 'date') {
    return (
      <Form.Item
        {...common}
        // The API stores 'YYYY-MM-DD'; the picker works with dayjs.
        getValueProps={(value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : undefined })}
        normalize={(value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null)}
      >
        <DatePicker format="DD/MM/YYYY" disabled={field.readOnly} style={{ width: '100%', maxWidth: 240 }} />
      </Form.Item>
    );
  }
  if (field.kind === 'datetime') {
    return (
      <Form.Item
        {...common}
        // The API speaks ISO 8601 with its offset; the owner reads and changes a day and a time on the
        // shop's clock (Benin), as the shop will show them.
        getValueProps={(value: unknown) => ({ value: typeof value === 'string' && value ? shopTime(value) : undefined })}
        normalize={(value: Dayjs | null) => (value ? onShopClock(value.second(0).millisecond(0)).toISOString() : null)}
      >
        <DatePicker
          showTime={{ format: 'HH:mm', minuteStep: 5 }}
          format="DD/MM/YYYY HH:mm"
          disabled={field.readOnly}
          placeholder={field.readOnly ? '—' : undefined}
          style={{ width: '100%', maxWidth: 280 }}
        />
      </Form.Item>
    );
  }
  if (field.kind === 'phone') {
    return (
      <Form.Item
        {...common}
        // Stored in E.164 (+2290197123456): shown as in the lists (01 97 12 34 56), typed any way.
        getValueProps={(value: unknown) => ({
          value: typeof value === 'string' && /^\+\d{8,15}$/.test(value) ? formatPhone(value) : value,
        })}
      >
        {widget(field, onBlur)}
      </Form.Item>
    );
  }
  return <Form.Item {...common}>{widget(field, onBlur)}</Form.Item>;
}

function widget(field: AnyField, onBlur?: () => void): ReactNode {
  if (field.readOnly && field.kind !== 'json') return <Input disabled />;
  switch (field.kind) {
    case 'longText':
      return <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} maxLength={field.max} onBlur={onBlur} />;
    case 'html':
      return <LazyHtmlEditor label={field.label} />;
    case 'image':
      return <ImageInput label={field.label} />;
    case 'imageList':
      return <ImageListInput label={field.label} />;
    case 'stringList':
      return <ListInput label={field.label} />;
    case 'money':
      // No min: a negative amount gets the rule's French message instead of being changed silently.
      return <InputNumber step={0.01} addonAfter="F CFA" decimalSeparator="," style={{ width: '100%', maxWidth: 280 }} />;
    case 'integer':
      return <InputNumber step={1} precision={0} style={{ width: '100%', maxWidth: 200 }} />;
    case 'rating':
      return <Rate count={5} allowClear={false} />;
    case 'enum':
      return (
        <EnumSelect
          allowClear={field.optional}
          placeholder="Choisir..."
          options={Object.entries(field.options ?? {}).map(([value, label]) => ({ value, label }))}
          style={{ maxWidth: 360 }}
        />
      );
    case 'json':
      return <JsonValue />;
    case 'reference':
      return <ReferenceSelect field={field} />;
    case 'url':
      return <Input placeholder="https://..." inputMode="url" onBlur={onBlur} />;
    case 'email':
      return <Input type="email" inputMode="email" autoComplete="off" onBlur={onBlur} />;
    case 'phone':
      return <Input type="tel" inputMode="tel" placeholder="+229 01 97 00 00 00" onBlur={onBlur} />;
    case 'barcode':
      // A USB or Bluetooth scanner types the digits here like a keyboard.
      return <Input inputMode="numeric" autoComplete="off" placeholder="13 chiffres (EAN-13)" maxLength={20} onBlur={onBlur} />;
    default:
      return <Input maxLength={field.max} onBlur={onBlur} />;
  }
}

/**
 * Form.Item marks a required control with aria-required, which antd's Select puts on its outer
 * div (not a form control: axe "aria-allowed-attr"). The required mark and the message remain.
 */
function EnumSelect({ 'aria-required': _required, ...props }: ComponentProps<typeof Select> & { 'aria-required'?: unknown }) {
  return <Select {...props} />;
}
