import { FEEDS } from '@app/shared/resources';
import { Card, Input, Typography } from 'antd';

const FEED_LABELS: Record<keyof typeof FEEDS, string> = {
  google: 'Google Merchant Center (Google Shopping)',
  meta: 'Meta : Facebook, Instagram et catalogue WhatsApp Business',
};

/** Paramètres: the catalogue feeds' addresses, to paste in Google Merchant Center and Meta's Commerce Manager. */
export function CatalogueFeeds() {
  return (
    <Card size="small" title="Catalogues partagés">
      <Typography.Paragraph type="secondary">
        Chaque produit publié, avec son prix et son stock à jour. Collez l’adresse dans l’outil de chaque plateforme (« flux de données » ou
        « source de données programmée »).
      </Typography.Paragraph>
      {(Object.keys(FEEDS) as (keyof typeof FEEDS)[]).map((key) => {
        const url = `${window.location.origin}${FEEDS[key]}`;
        return (
          <div key={key} style={{ marginBottom: 12 }}>
            <Typography.Text strong>{FEED_LABELS[key]}</Typography.Text>
            <Typography.Paragraph copyable={{ text: url, tooltips: ['Copier', 'Copié'] }} style={{ marginBottom: 0 }}>
              <Input readOnly value={url} aria-label={FEED_LABELS[key]} style={{ maxWidth: 520 }} />
            </Typography.Paragraph>
          </div>
        );
      })}
    </Card>
  );
}
