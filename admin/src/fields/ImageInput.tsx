import { Image, Input } from 'antd';

interface Props {
  value?: string | null;
  onChange?: (value: string) => void;
  id?: string;
}

/** An image URL (http(s) or a local /media path) with a preview of what it points to. */
export function ImageInput({ value, onChange, id }: Props) {
  return (
    <div>
      <Input id={id} value={value ?? ''} placeholder="https://... ou /media/..." onChange={(e) => onChange?.(e.target.value)} />
      {value ? (
        <div style={{ marginTop: 8 }}>
          <Image src={value} alt="Aperçu" height={96} style={{ objectFit: 'contain' }} fallback={PLACEHOLDER} preview={false} />
        </div>
      ) : null}
    </div>
  );
}

// Shown when the address does not load: a grey frame instead of a broken-image icon.
const PLACEHOLDER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#eee"/></svg>');
