import { LinkButton } from '../../crud/LinkButton';
import { barcodeError, normalizeBarcode } from '@app/shared/format';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Space } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CameraScanner } from '../../pages/counter/CameraScanner';
import { trpc } from '../../providers/trpc';

/** Where to make the product a scanned code belongs to: the product form with the code filled in. */
export const newProductPath = (code: string) =>
  `/products/add?${new URLSearchParams(barcodeError(code) ? { sku: code } : { barcode: normalizeBarcode(code) })}`;

/** What the last scan did: said under the field; an unknown code offers to make its product. */
export interface Said {
  type: 'success' | 'warning' | 'error';
  text: string;
  unknown?: string;
}

export function ScanSaid({ said }: { said: Said | null }) {
  if (!said) return null;
  return (
    <Alert
      type={said.type}
      message={said.text}
      showIcon
      role="status"
      action={
        said.unknown ? (
          <LinkButton to={newProductPath(said.unknown)} size="small">
            Créer le produit
          </LinkButton>
        ) : undefined
      }
    />
  );
}

export interface Scanned {
  id: string;
  name: string;
}

/**
 * The field a scanner types a code into (then Entrée), « Ajouter » for a code typed by hand, and the
 * phone's camera: each code read is looked up among the products' barcodes and references (the
 * counter's catalogue, kept by the phone) and handed to `onProduct`, or to `onUnknown`.
 */
export function ScanBox({ onProduct, onUnknown }: { onProduct: (product: Scanned) => void; onUnknown: (code: string) => void }) {
  const catalogue = useQuery({ queryKey: ['counterCatalogue'], queryFn: () => trpc.orders.counterCatalogue.query({}) });
  const byCode = useMemo(() => {
    const map = new Map<string, Scanned>();
    for (const item of catalogue.data?.items ?? [])
      if (item.type === 'product') for (const code of [item.barcode, item.sku]) if (code) map.set(code.toLowerCase(), item);
    return map;
  }, [catalogue.data]);
  const [code, setCode] = useState('');
  const field = useRef<HTMLInputElement | null>(null);
  useEffect(() => field.current?.focus(), []);
  function scanned(raw: string) {
    const text = raw.trim();
    if (!text) return;
    const item = byCode.get(text.toLowerCase());
    if (item) onProduct(item);
    else onUnknown(text);
    setCode('');
    field.current?.focus();
  }
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          ref={(el) => {
            field.current = el?.input ?? null;
          }}
          aria-label="Code-barres ou référence"
          placeholder="Code-barres ou référence, puis Entrée"
          value={code}
          inputMode="numeric"
          autoComplete="off"
          onChange={(e) => setCode(e.target.value)}
          // The field's own text, not this render's state: a scanner types the code and Entrée at once.
          onPressEnter={(e) => scanned(e.currentTarget.value)}
        />
        <Button onClick={() => scanned(code)}>Ajouter</Button>
      </Space.Compact>
      <CameraScanner onCode={scanned} />
    </>
  );
}
