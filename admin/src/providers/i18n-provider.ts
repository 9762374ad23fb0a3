import type { I18nProvider } from '@refinedev/core';
import { fr } from './i18n-fr';

interface ResourceLabel {
  name: string;
  label: { singular: string; plural: string; feminine?: boolean };
}

// Filled by the admin screens when they load, so the login chunk does not carry the registry.
const labels = new Map<string, ResourceLabel['label']>();
const feminineSingulars = new Set<string>();

export function registerResourceLabels(resources: readonly ResourceLabel[]) {
  for (const { name, label } of resources) {
    labels.set(name, label);
    if (label.feminine) feminineSingulars.add(label.singular);
  }
}

const interpolate = (text: string, options: Record<string, unknown>) =>
  text.replace(/{{\s*(\w+)\s*}}/g, (_, key: string) => String(options[key] ?? ''));

// 'Demande ajoutée', 'Produit ajouté': the participle agrees with the entity's French name.
function agree(text: string, key: string, options: Record<string, unknown>) {
  const resource = options.resource;
  if (!/Success$/.test(key) || typeof resource !== 'string' || !feminineSingulars.has(resource)) return text;
  return text.replace(/(ajouté|mis à jour|supprimé)$/, (w) => (w === 'mis à jour' ? 'mise à jour' : `${w}e`));
}

export function translate(key: string, options?: unknown, defaultMessage?: string): string {
  // Refine asks for `${resource}.${resource}` to name the entity in notifications.
  const [head, tail] = key.split('.');
  if (tail && head === tail && labels.has(head)) return labels.get(head)!.singular;
  if (head && tail === 'titles' && labels.has(head)) return labels.get(head)!.plural;
  const params = (options && typeof options === 'object' ? options : {}) as Record<string, unknown>;
  const found = fr[key];
  if (found) return agree(interpolate(found, params), key, params);
  if (typeof options === 'string') return options;
  return defaultMessage ?? key;
}

export const i18nProvider: I18nProvider = {
  translate,
  changeLocale: () => Promise.resolve(),
  getLocale: () => 'fr',
};
