/**
 * The WhatsApp message templates the shop sends (WhatsApp Business Platform, Cloud API): each one's
 * name and exact French text, as the owner submits them in Meta's WhatsApp Manager (category
 * Utility, language French `fr`), and the values it takes, in order ({{1}}, {{2}}…). The admin lists
 * them with the status Meta reports; the server fills them (server/src/whatsapp).
 */
export const WHATSAPP_TEMPLATES = {
  commande_recue: {
    label: 'Commande reçue',
    body: 'Bonjour {{1}}, nous avons bien reçu votre commande {{2}} d’un total de {{3}}. Nous vous appelons très vite pour la confirmer. Suivez-la ici : {{4}}',
    example: ['Awa', 'CMD-01234', '45 000 F CFA', 'https://boutique.example/suivi/abc'],
  },
  commande_confirmee: {
    label: 'Commande confirmée',
    body: 'Bonjour {{1}}, votre commande {{2}} est confirmée. Nous préparons vos articles. Suivi : {{3}}',
    example: ['Awa', 'CMD-01234', 'https://boutique.example/suivi/abc'],
  },
  commande_expediee: {
    label: 'Commande expédiée',
    body: 'Bonjour {{1}}, votre commande {{2}} est en route. Le livreur vous appellera avant de passer. Suivi : {{3}}',
    example: ['Awa', 'CMD-01234', 'https://boutique.example/suivi/abc'],
  },
  commande_livree: {
    label: 'Commande livrée',
    body: 'Bonjour {{1}}, votre commande {{2}} est livrée. Merci pour votre confiance ! Suivi : {{3}}',
    example: ['Awa', 'CMD-01234', 'https://boutique.example/suivi/abc'],
  },
  commande_annulee: {
    label: 'Commande annulée',
    body: 'Bonjour {{1}}, votre commande {{2}} est annulée. Répondez à ce message pour toute question. Détails : {{3}}',
    example: ['Awa', 'CMD-01234', 'https://boutique.example/suivi/abc'],
  },
  paiement_recu: {
    label: 'Paiement reçu',
    body: 'Bonjour {{1}}, nous avons bien reçu votre paiement de {{2}} pour la commande {{3}}. Merci ! Suivi : {{4}}',
    example: ['Awa', '45 000 F CFA', 'CMD-01234', 'https://boutique.example/suivi/abc'],
  },
  reponse_retour: {
    label: 'Réponse à une demande de retour',
    body: 'Bonjour {{1}}, votre demande de retour pour la commande {{2}} est {{3}}. {{4}} Suivi : {{5}}',
    example: ['Awa', 'CMD-01234', 'acceptée', 'Rapportez l’article à la boutique avec votre reçu.', 'https://boutique.example/suivi/abc'],
  },
  rappel_formation: {
    label: 'Rappel de formation (la veille)',
    body: 'Bonjour {{1}}, rappel : votre formation « {{2}} » a lieu demain, {{3}}. {{4}}',
    example: [
      'Awa',
      'Initiation aux cryptomonnaies',
      'samedi 12 décembre à 09:00, à Cotonou',
      'Lien de connexion : https://meet.example/abc',
    ],
  },
  facture: {
    label: 'Reçu ou facture (document joint)',
    body: 'Bonjour {{1}}, voici le document de votre commande {{2}} : {{3}}.',
    example: ['Awa', 'CMD-01234', 'facture normalisée'],
    document: true,
  },
  reprise_contact: {
    label: 'Réponse hors des 24 heures',
    body: 'Bonjour {{1}}, la boutique a une réponse à votre message. Répondez à celui-ci pour reprendre la conversation.',
    example: ['Awa'],
  },
  code_connexion: {
    label: 'Code de connexion à Mon espace (catégorie Authentification)',
    body: '*{{1}}* est votre code de vérification. Pour votre sécurité, ne le communiquez à personne.',
    example: ['482915'],
    otp: true,
  },
  alerte_boutique: {
    label: 'Alerte pour le propriétaire',
    body: 'Alerte de la boutique : {{1}}. Ouvrir dans l’administration : {{2}}',
    example: ['Nouvelle commande CMD-01234 – 45 000 F CFA', 'https://boutique.example/admin/orders/1'],
  },
} as const satisfies Record<string, { label: string; body: string; example: readonly string[]; document?: true; otp?: true }>;

export type WhatsAppTemplate = keyof typeof WHATSAPP_TEMPLATES;

/** How a message greets the customer (« Bonjour {{1}}, »): the first word of their name, « à vous » without one. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'à vous';

/** The template's text with its values in place (what the conversation and Envois show). */
export const fillTemplate = (name: WhatsAppTemplate, values: readonly string[]) =>
  WHATSAPP_TEMPLATES[name].body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => values[Number(n) - 1] ?? '');

/** A customer may write freely to the shop for 24 hours after their last message; after that, only a template. */
export const REPLY_WINDOW_HOURS = 24;
/** A reply the owner wrote outside those 24 hours waits this long for the customer to answer the re-contact template. */
export const KEPT_REPLY_DAYS = 7;

/** Words that end the shop's messages to a phone (compared without case nor accents), and the one that brings them back. */
export const STOP_WORDS = ['stop', 'arret', 'arreter', 'desabonner'];
export const START_WORDS = ['start', 'reprendre'];

/** What Meta says of a delivery, and of a template, in French. */
export const whatsappStatuses = {
  /** Not yet taken by Meta (waiting in the outbox, or failed there): shown, never stored as a message. */
  pending: 'En attente',
  accepted: 'Accepté par WhatsApp',
  sent: 'Envoyé',
  delivered: 'Distribué',
  read: 'Lu',
  failed: 'Échec',
  received: 'Reçu',
} as const;
export type WhatsAppStatus = keyof typeof whatsappStatuses;
/** What a stored message may say (`pending` is only the outbox's). */
export type StoredWhatsAppStatus = Exclude<WhatsAppStatus, 'pending'>;

export const templateStatuses: Record<string, string> = {
  APPROVED: 'Approuvé',
  PENDING: 'En cours d’examen',
  REJECTED: 'Refusé',
  PAUSED: 'En pause (qualité basse)',
  DISABLED: 'Désactivé',
  IN_APPEAL: 'En appel',
  MISSING: 'Pas encore soumis',
};

/**
 * Meta's error codes (Cloud API) the owner may meet, said in French: what happened and what to do.
 * `then`: send again later ('retry'), stop ('fail'), or send by e-mail instead ('fallback': the
 * template is not usable).
 */
export const WHATSAPP_ERRORS: Record<number, { text: string; then: 'retry' | 'fail' | 'fallback' }> = {
  // The shop's account cannot send at all: the customer hears by e-mail meanwhile ('fallback').
  0: { text: 'Authentification refusée par Meta : vérifiez WHATSAPP_TOKEN.', then: 'fallback' },
  190: {
    text: 'Le jeton WhatsApp a expiré ou a été révoqué : créez un jeton permanent (utilisateur système) et mettez-le dans WHATSAPP_TOKEN.',
    then: 'fallback',
  },
  10: { text: 'Le jeton WhatsApp n’a pas la permission whatsapp_business_messaging.', then: 'fallback' },
  // Meta's « unknown » and « temporary » errors: said so, and tried again.
  1: { text: 'Erreur inconnue chez Meta : nouvel essai bientôt.', then: 'retry' },
  2: { text: 'Service de Meta momentanément indisponible : nouvel essai bientôt.', then: 'retry' },
  4: { text: 'Trop d’appels à l’API de Meta : nouvel essai un peu plus tard.', then: 'retry' },
  80007: { text: 'Limite d’envoi du compte WhatsApp atteinte : nouvel essai un peu plus tard.', then: 'retry' },
  130429: { text: 'Débit maximal d’envoi atteint : nouvel essai un peu plus tard.', then: 'retry' },
  131048: { text: 'Meta limite les envois de ce numéro (trop de messages signalés) : nouvel essai plus tard.', then: 'retry' },
  131056: { text: 'Trop de messages envoyés à ce client en peu de temps : nouvel essai un peu plus tard.', then: 'retry' },
  131000: { text: 'Erreur passagère chez Meta : nouvel essai bientôt.', then: 'retry' },
  131016: { text: 'Service WhatsApp momentanément indisponible : nouvel essai bientôt.', then: 'retry' },
  131026: {
    text: 'Ce numéro n’utilise pas WhatsApp (ou une version trop ancienne) : le client est prévenu par e-mail s’il en a donné un.',
    then: 'fallback',
  },
  131047: { text: 'Plus de 24 heures depuis le dernier message du client : seul un modèle approuvé peut partir.', then: 'fail' },
  131050: { text: 'Le client a choisi de ne plus recevoir de messages de la boutique sur WhatsApp.', then: 'fail' },
  131021: { text: 'Le destinataire est le numéro de la boutique lui-même.', then: 'fail' },
  131051: { text: 'Type de message non pris en charge par WhatsApp.', then: 'fail' },
  131052: { text: 'WhatsApp n’a pas pu télécharger le document joint (adresse injoignable depuis Internet ?).', then: 'fallback' },
  131053: { text: 'WhatsApp n’a pas pu lire le document joint.', then: 'fallback' },
  132000: {
    text: 'Le modèle approuvé n’a pas le même nombre de valeurs que celui de la boutique : soumettez le texte exact affiché dans WhatsApp.',
    then: 'fallback',
  },
  132001: { text: 'Modèle inconnu de Meta ou pas encore approuvé en français : soumettez-le dans WhatsApp Manager.', then: 'fallback' },
  132005: { text: 'Le message rempli dépasse la longueur permise par le modèle.', then: 'fallback' },
  132007: { text: 'Le texte rempli enfreint les règles de mise en forme des modèles.', then: 'fallback' },
  132012: { text: 'Les valeurs du modèle n’ont pas le format attendu par Meta.', then: 'fallback' },
  132015: { text: 'Modèle mis en pause par Meta (qualité basse) : modifiez-le dans WhatsApp Manager.', then: 'fallback' },
  132016: { text: 'Modèle désactivé par Meta : créez-en un nouveau dans WhatsApp Manager.', then: 'fallback' },
  133010: { text: 'Le numéro WhatsApp de la boutique n’est pas enregistré sur la plateforme.', then: 'fallback' },
  368: { text: 'Compte WhatsApp temporairement bloqué par Meta pour non-respect de ses règles.', then: 'fallback' },
  131031: { text: 'Compte WhatsApp verrouillé par Meta : voyez WhatsApp Manager.', then: 'fallback' },
  100: { text: 'Requête refusée par Meta (paramètre invalide).', then: 'fail' },
};

/** Meta's error in French, with its code so the owner can look it up. */
export function whatsappError(code: number, metaMessage?: string, httpStatus?: number) {
  const known = WHATSAPP_ERRORS[code];
  if (known) return { ...known, text: `${known.text} (code Meta ${code})` };
  // An unknown code with a server error (HTTP 5xx) is Meta's trouble, not the message's: tried again.
  const serverSide = httpStatus !== undefined && httpStatus >= 500;
  return {
    text: `${serverSide ? 'Erreur chez Meta' : 'Refus de Meta'} (code ${code}${metaMessage ? ` : ${metaMessage.slice(0, 200)}` : ''})${serverSide ? ' : nouvel essai bientôt.' : '.'}`,
    then: serverSide ? ('retry' as const) : ('fail' as const),
  };
}
