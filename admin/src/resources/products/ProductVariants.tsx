import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { combination, combinations, MAX_OPTIONS, type ProductOption, variantLabel } from '@app/shared/catalogue';
import { formatXOF } from '@app/shared/format';
import { useInvalidate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, ColorPicker, Flex, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { toHttpError } from '../../providers/errors';
import { trpc } from '../../providers/trpc';

/** A version as the grid edits it: a new one has no id yet, and an opening stock. */
interface Row {
  id?: string;
  values: string[];
  price: number | null;
  compareAtPrice: number | null;
  /** Existing: what the shelf holds (changed by « Corriger le stock » on the version). New: its opening stock. */
  stock: number | null;
  sku: string | null;
  barcode: string | null;
  image: string | null;
  published: boolean;
}

const isColour = (name: string) => /couleur|coloris|color/i.test(name);
const muted = { color: 'rgba(0, 0, 0, 0.62)' };

/**
 * « Options et variantes » under a product's form (issue 55): up to three options, the versions
 * generated from them, then a grid of their prices, stock, SKU, barcodes and photos, with « tous les
 * prix à … »; saved in one go (products.saveVariants), which refuses in French what would be wrong.
 * The same blocks on a phone and on a desk: each version is one wrapped row of fields.
 */
export function ProductVariants({ id, images, price }: { id: string; images: string[]; price: number }) {
  const { notification } = App.useApp();
  const invalidate = useInvalidate();
  const client = useQueryClient();
  const grid = useQuery({ queryKey: ['products', 'variants', id], queryFn: () => trpc.products.variantGrid.query({ id }) });
  const [options, setOptions] = useState<ProductOption[]>([]);
  const [rows, setRows] = useState<Row[]>([]);
  const [allPrices, setAllPrices] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!grid.data) return;
    setOptions(grid.data.options);
    setRows(grid.data.variants.map((v) => ({ ...v })));
  }, [grid.data]);

  const setOption = (i: number, change: Partial<ProductOption>) =>
    setOptions((all) => all.map((o, n) => (n === i ? { ...o, ...change } : o)));
  const setRow = (i: number, change: Partial<Row>) => setRows((all) => all.map((r, n) => (n === i ? { ...r, ...change } : r)));

  /** Makes the grid match the options: the versions kept, the missing combinations added at the product's price. */
  function generate() {
    const usable = options.filter((o) => o.name.trim() && o.values.length);
    const byKey = new Map(rows.map((r) => [combination(r.values), r]));
    setRows(
      combinations(usable).map(
        (values) =>
          byKey.get(combination(values)) ?? {
            values,
            price,
            compareAtPrice: null,
            stock: null,
            sku: null,
            barcode: null,
            image: null,
            published: true,
          },
      ),
    );
  }

  async function save() {
    setSaving(true);
    setError(null);
    try {
      const missing = rows.find((r) => r.price === null);
      if (missing) throw new Error(`Donnez un prix à « ${variantLabel(missing.values)} ».`);
      await trpc.products.saveVariants.mutate({
        id,
        options,
        variants: rows.map((r) => ({
          ...(r.id ? { id: r.id } : { stock: r.stock }),
          values: r.values,
          price: r.price!,
          compareAtPrice: r.compareAtPrice,
          sku: r.sku,
          barcode: r.barcode,
          image: r.image,
          published: r.published,
        })),
      });
      notification.success({ message: 'Variantes enregistrées.' });
      await Promise.all([
        client.invalidateQueries({ queryKey: ['products', 'variants', id] }),
        client.invalidateQueries({ queryKey: ['products', 'stock', id] }),
        invalidate({ resource: 'products', id, invalidates: ['detail', 'list'] }),
      ]);
    } catch (caught) {
      const message = toHttpError(caught).message;
      setError(message);
      notification.error({ message: 'Variantes non enregistrées', description: message });
    } finally {
      setSaving(false);
    }
  }

  const photo = (src: string, n: number) => ({
    value: src,
    label: (
      <Space size={6}>
        <img src={src} alt="" width={24} height={18} style={{ objectFit: 'cover', verticalAlign: 'middle' }} />
        Photo {n + 1}
      </Space>
    ),
  });

  return (
    <Card title="Options et variantes" style={{ marginTop: 16 }}>
      {grid.isError ? <Alert type="error" showIcon message="Variantes indisponibles : réessayez." /> : null}
      <Typography.Paragraph style={muted}>
        Un même produit en plusieurs versions (stockage, couleur…) : chacune a son prix, son stock, sa référence et son code-barres.
      </Typography.Paragraph>
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        {options.map((option, i) => (
          <Card
            key={i}
            size="small"
            title={`Option ${i + 1}`}
            extra={
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Retirer l’option ${option.name || i + 1}`}
                onClick={() => setOptions(options.filter((_, n) => n !== i))}
              />
            }
          >
            <Flex wrap gap={8}>
              <Input
                aria-label={`Nom de l’option ${i + 1}`}
                placeholder="Nom (par exemple Couleur)"
                value={option.name}
                maxLength={30}
                onChange={(e) => setOption(i, { name: e.target.value })}
                style={{ maxWidth: 220 }}
              />
              <Select
                mode="tags"
                aria-label={`Valeurs de l’option ${i + 1}`}
                placeholder="Valeurs : tapez puis Entrée"
                value={option.values.map((v) => v.label)}
                tokenSeparators={[',']}
                open={false}
                onChange={(labels: string[]) =>
                  setOption(i, { values: labels.map((label) => option.values.find((v) => v.label === label) ?? { label: label.trim() }) })
                }
                style={{ minWidth: 220, flex: 1 }}
              />
            </Flex>
            {isColour(option.name) && option.values.length ? (
              <Flex wrap gap={12} style={{ marginTop: 8 }}>
                {option.values.map((value, n) => (
                  <Space key={value.label} size={4}>
                    <ColorPicker
                      size="small"
                      value={value.color ?? '#9ca3af'}
                      disabledAlpha
                      aria-label={`Teinte de ${value.label}`}
                      onChangeComplete={(c) =>
                        setOption(i, { values: option.values.map((v, m) => (m === n ? { ...v, color: c.toHexString() } : v)) })
                      }
                    />
                    {value.label}
                  </Space>
                ))}
              </Flex>
            ) : null}
          </Card>
        ))}
        <Flex wrap gap={8}>
          <Button
            icon={<PlusOutlined />}
            disabled={options.length >= MAX_OPTIONS}
            onClick={() => setOptions([...options, { name: '', values: [] }])}
          >
            Ajouter une option
          </Button>
          <Button onClick={generate} disabled={!options.some((o) => o.values.length)}>
            Générer les variantes
          </Button>
        </Flex>
        {rows.length ? (
          <Flex wrap gap={8} align="center">
            <InputNumber
              aria-label="Prix pour toutes les variantes"
              placeholder="Tous les prix à…"
              min={0}
              step={500}
              precision={0}
              value={allPrices}
              onChange={setAllPrices}
              addonAfter="F"
              style={{ maxWidth: 220 }}
            />
            <Button disabled={allPrices === null} onClick={() => setRows(rows.map((r) => ({ ...r, price: allPrices })))}>
              Appliquer à toutes
            </Button>
          </Flex>
        ) : null}
        {rows.map((row, i) => {
          const label = variantLabel(row.values);
          return (
            <Card
              key={row.id ?? label}
              size="small"
              title={label}
              extra={
                <Space>
                  <Switch
                    checked={row.published}
                    onChange={(published) => setRow(i, { published })}
                    aria-label={`${label} en vente`}
                    checkedChildren="En vente"
                    unCheckedChildren="Retirée"
                  />
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Supprimer ${label}`}
                    onClick={() => setRows(rows.filter((_, n) => n !== i))}
                  />
                </Space>
              }
            >
              <Flex wrap gap={8}>
                <Labelled label="Prix">
                  <InputNumber
                    aria-label={`Prix de ${label}`}
                    min={0}
                    step={500}
                    precision={0}
                    value={row.price}
                    onChange={(v) => setRow(i, { price: v })}
                    addonAfter="F"
                    style={{ width: '100%' }}
                  />
                </Labelled>
                <Labelled label="Prix barré">
                  <InputNumber
                    aria-label={`Prix barré de ${label}`}
                    min={0}
                    step={500}
                    precision={0}
                    value={row.compareAtPrice}
                    onChange={(v) => setRow(i, { compareAtPrice: v })}
                    addonAfter="F"
                    style={{ width: '100%' }}
                  />
                </Labelled>
                <Labelled label={row.id ? 'Stock' : 'Stock de départ'}>
                  {row.id ? (
                    <Typography.Text style={{ lineHeight: '32px' }}>{row.stock === null ? 'non suivi' : row.stock}</Typography.Text>
                  ) : (
                    <InputNumber
                      aria-label={`Stock de départ de ${label}`}
                      placeholder="non suivi"
                      min={0}
                      precision={0}
                      value={row.stock}
                      onChange={(v) => setRow(i, { stock: v })}
                      style={{ width: '100%' }}
                    />
                  )}
                </Labelled>
                <Labelled label="Référence (SKU)">
                  <Input
                    aria-label={`Référence de ${label}`}
                    maxLength={40}
                    value={row.sku ?? ''}
                    onChange={(e) => setRow(i, { sku: e.target.value || null })}
                  />
                </Labelled>
                <Labelled label="Code-barres">
                  <Input
                    aria-label={`Code-barres de ${label}`}
                    inputMode="numeric"
                    maxLength={20}
                    value={row.barcode ?? ''}
                    onChange={(e) => setRow(i, { barcode: e.target.value || null })}
                  />
                </Labelled>
                {images.length ? (
                  <Labelled label="Photo">
                    <Select
                      aria-label={`Photo de ${label}`}
                      allowClear
                      placeholder="Celle du produit"
                      value={row.image}
                      onChange={(image) => setRow(i, { image: image ?? null })}
                      options={images.map(photo)}
                    />
                  </Labelled>
                ) : null}
              </Flex>
              {row.price !== null && row.compareAtPrice !== null ? (
                <Typography.Text style={muted}>
                  {formatXOF(row.price)} au lieu de {formatXOF(row.compareAtPrice)}
                </Typography.Text>
              ) : null}
            </Card>
          );
        })}
        {error ? <Alert type="error" showIcon message={error} role="alert" /> : null}
        <Button type="primary" loading={saving} onClick={save} disabled={!grid.isSuccess}>
          Enregistrer les variantes
        </Button>
        {rows.some((r) => r.id) ? (
          <Typography.Text style={muted}>
            Le stock d’une variante se corrige sur sa fiche (« Corriger le stock »), comme celui d’un produit.
          </Typography.Text>
        ) : null}
      </Space>
    </Card>
  );
}

function Labelled({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <label style={{ display: 'flex', flexDirection: 'column', gap: 2, flex: '1 1 125px', minWidth: 0, maxWidth: 220 }}>
      <span style={{ fontSize: 12, ...muted }}>{label}</span>
      {children}
    </label>
  );
}
