import { defineResource } from './define-resource';
import { f } from './fields';
import { PROMO_CODE_PATTERN, promoKinds, promoScopes } from './labels';

export const promoCodes = defineResource({
  name: 'promoCodes',
  label: { singular: 'Code promo', plural: 'Codes promo' },
  titleField: 'code',
  read: 'admin',
  fields: {
    code: f.text('Code', {
      max: 40,
      pattern: { regex: PROMO_CODE_PATTERN, message: 'Le code : 3 à 40 lettres sans accent, chiffres, - ou _ (pas d’espace).' },
      help: 'Ce que le client tape, par exemple TABASKI10. Majuscules et minuscules comptent pour un.',
      unique: 'Ce code existe déjà (majuscules et minuscules comptent pour un) : choisissez-en un autre.',
    }),
    label: f.text('Libellé', { max: 100, help: 'Affiché au client avec la remise, par exemple « Tabaski -10 % ».' }),
    kind: f.enum('Type de remise', promoKinds, { default: 'percent' }),
    value: f.integer('Valeur', { min: 1, max: 100_000_000, help: 'Un pourcentage (1 à 100) ou un montant en F CFA.' }),
    minimumOrder: f.money('Commande minimum', { optional: true, help: 'Sous-total des articles, hors livraison.' }),
    appliesTo: f.enum('S’applique à', promoScopes, { default: 'all' }),
    startsOn: f.date('Valable à partir du', { optional: true }),
    endsOn: f.date('Valable jusqu’au', { optional: true, help: 'Inclus : le code marche jusqu’à minuit (heure du Bénin).' }),
    maxUses: f.integer('Utilisations au total', { optional: true, min: 1, help: 'Vide : sans limite.' }),
    maxUsesPerPhone: f.integer('Utilisations par téléphone', {
      optional: true,
      min: 1,
      help: '1 : une fois par client. Vide : sans limite.',
    }),
    uses: f.integer('Utilisations', { default: 0, readOnly: true, help: 'Commandes non annulées passées avec ce code.' }),
    active: f.boolean('Actif', { default: true }),
  },
  list: {
    columns: ['code', 'label', 'kind', 'value', 'uses', 'endsOn', 'active'],
    search: ['code', 'label'],
    filters: ['active', 'kind', 'appliesTo'],
    sortable: ['code', 'uses', 'endsOn', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  admin: { menuLabel: 'Codes promo', icon: 'tag' },
  checks: [
    {
      fields: ['value', 'kind'],
      message: 'Un pourcentage va de 1 à 100.',
      valid: (r) => r.kind !== 'percent' || r.value === undefined || r.value === null || Number(r.value) <= 100,
    },
    {
      fields: ['endsOn', 'startsOn'],
      message: 'La fin de validité doit venir après son début.',
      valid: (r) => !r.startsOn || !r.endsOn || String(r.endsOn) >= String(r.startsOn),
    },
  ],
});
