/**
 * French demo content for a fresh start (SEED_DEMO, on by default).
 *
 * Every name, number, address, e-mail and wallet address below is fictional.
 * Images live in server/media/demo/ and are served at /media/demo/<file>.
 * Slugs are left out: the server derives them from the name or title.
 */
import type { OrderStatus, WEB_PAYMENT_METHODS } from '@app/shared';
import type { z } from 'zod';
import {
  blogPosts,
  contactMessages,
  expenses,
  today,
  courseSessions,
  cryptoCourses,
  cryptoVerifications,
  deliveryOptions,
  promoCodes,
  newsletterSubscribers,
  orders,
  products,
  services,
  settings,
  suppliers,
  testimonials,
  trendingCryptos,
} from '@app/shared';

type Input<R extends { createSchema: z.ZodType }> = z.input<R['createSchema']>;

const img = (file: string) => `/media/demo/${file}`;

const demoSettings: Input<typeof settings> = {
  businessName: 'TechCrypto Bénin',
  tagline:
    'Votre partenaire premium pour des solutions technologiques innovantes, des services haut de gamme et une formation crypto experte.',
  homePromises: ['Paiement à la livraison', 'Livraison partout au Bénin', 'Garantie et service après-vente'],
  phone: '+229 01 00 00 00 00',
  whatsapp: '+229 01 00 00 00 01',
  email: 'contact@techcrypto.example',
  address: 'Lot 000, rue de la Démonstration, quartier Zogbadjè, Abomey-Calavi, Bénin',
  openingHours: ['Lundi-Vendredi 08:00-18:30', 'Samedi 09:00-14:00'],
  facebook: 'https://www.facebook.com/techcryptobenin.demo',
  instagram: 'https://www.instagram.com/techcryptobenin.demo',
  linkedin: 'https://www.linkedin.com/company/techcryptobenin-demo',
  youtube: 'https://www.youtube.com/@techcryptobenin-demo',
  tiktok: 'https://www.tiktok.com/@techcryptobenin.demo',
  // A week to ask a return online from the tracking page (0 in a new shop until the owner chooses).
  returnDays: 7,
  // One point per 1,000 F, worth 10 F: 1 % back, spent online (Mon espace) or at the counter.
  loyaltyRate: 1,
  loyaltyValue: 10,
};

const catalogue: Input<typeof products>[] = [
  // ---------------------------------------------------------------- Ordinateurs
  {
    name: 'Ordinateur portable 15,6 pouces Core i5 – 16 Go / SSD 512 Go',
    sku: 'TCB-001',
    barcode: '2000000000015',
    shortDescription:
      'Un portable polyvalent pour le travail, les études et le multitâche : processeur Intel Core i5, 16 Go de mémoire et SSD rapide de 512 Go. Windows 11 installé.',
    description: `<p>Conçu pour durer, cet ordinateur portable de 15,6 pouces offre toute la puissance nécessaire pour la bureautique, la visioconférence et les logiciels de gestion.</p>
<ul>
<li><strong>Processeur :</strong> Intel Core i5 de 12e génération</li>
<li><strong>Mémoire :</strong> 16 Go DDR4</li>
<li><strong>Stockage :</strong> SSD NVMe de 512 Go</li>
<li><strong>Écran :</strong> 15,6 pouces Full HD antireflet</li>
<li><strong>Système :</strong> Windows 11 Famille installé et activé</li>
</ul>
<p>Livré avec son chargeur et un clavier AZERTY. <strong>Garantie 12 mois</strong> en boutique.</p>`,
    price: 385000,
    compareAtPrice: 420000,
    category: 'computers',
    images: [img('laptop-core-i5.svg'), img('laptop-core-i5-2.svg')],
    stock: 8,
    featured: true,
  },
  {
    name: 'Ultrabook 14 pouces Core i7 – 16 Go / SSD 1 To',
    sku: 'TCB-002',
    barcode: '2000000000022',
    shortDescription:
      "Léger (1,3 kg), fin et endurant : l'ultrabook des professionnels nomades, avec processeur Core i7, 1 To de stockage et jusqu'à 10 heures d'autonomie.",
    description: `<p>Un ordinateur haut de gamme pour ceux qui travaillent partout : au bureau, en rendez-vous client ou en déplacement entre Cotonou et Parakou.</p>
<ul>
<li><strong>Processeur :</strong> Intel Core i7 de 13e génération</li>
<li><strong>Mémoire :</strong> 16 Go LPDDR5</li>
<li><strong>Stockage :</strong> SSD NVMe de 1 To</li>
<li><strong>Écran :</strong> 14 pouces 2,2K, 100 % sRGB</li>
<li><strong>Connectique :</strong> 2 × USB-C Thunderbolt, USB-A, HDMI, lecteur de carte</li>
<li><strong>Autonomie :</strong> jusqu'à 10 heures en usage bureautique</li>
</ul>
<p>Idéal pendant les coupures de courant grâce à sa grande autonomie. <strong>Garantie 12 mois.</strong></p>`,
    price: 650000,
    category: 'computers',
    images: [img('ultrabook-core-i7.svg')],
    stock: 3,
  },
  {
    name: 'Ordinateur de bureau compact Core i3 avec écran 22 pouces',
    sku: 'TCB-003',
    barcode: '2000000000039',
    shortDescription:
      'Un poste de travail complet et économe en énergie pour le bureau, la boutique ou le secrétariat : unité centrale compacte, écran 22 pouces, clavier et souris.',
    description: `<p>Tout le nécessaire pour équiper un poste de travail en une seule fois, prêt à l'emploi dès la livraison.</p>
<ul>
<li><strong>Processeur :</strong> Intel Core i3 de 12e génération</li>
<li><strong>Mémoire :</strong> 8 Go DDR4, extensible à 32 Go</li>
<li><strong>Stockage :</strong> SSD de 256 Go</li>
<li><strong>Écran :</strong> 22 pouces Full HD, entrées HDMI et VGA</li>
<li>Clavier AZERTY et souris filaires inclus</li>
</ul>
<p>Nous recommandons de l'associer à un <strong>onduleur</strong> pour le protéger des coupures et des variations de tension.</p>`,
    price: 245000,
    category: 'computers',
    images: [img('desktop-compact.svg')],
    stock: 5,
  },
  {
    name: 'Ordinateur portable reconditionné 14 pouces Core i5 – 8 Go / SSD 256 Go',
    sku: 'TCB-004',
    barcode: '2000000000046',
    shortDescription:
      'Un portable professionnel reconditionné, testé et garanti 6 mois : la bonne affaire pour les étudiants et les petits budgets.',
    description: `<p>Chaque machine reconditionnée passe par notre atelier : contrôle de plus de 30 points, nettoyage complet, remplacement de la pâte thermique et installation d'un système propre.</p>
<ul>
<li><strong>Processeur :</strong> Intel Core i5 de 8e génération</li>
<li><strong>Mémoire :</strong> 8 Go</li>
<li><strong>Stockage :</strong> SSD de 256 Go (neuf)</li>
<li><strong>État :</strong> grade A, traces d'usage légères</li>
<li><strong>Batterie :</strong> capacité contrôlée supérieure à 80 %</li>
</ul>
<p><strong>Garantie 6 mois</strong> pièces et main-d'œuvre.</p>`,
    price: 175000,
    compareAtPrice: 210000,
    category: 'computers',
    condition: 'refurbished',
    images: [img('laptop-reconditionne.svg')],
    stock: 0,
  },
  // ---------------------------------------------------------------- Smartphones et tablettes
  {
    name: 'Smartphone 6,7 pouces 256 Go – double SIM, 5G',
    sku: 'TCB-005',
    barcode: '2000000000053',
    shortDescription:
      'Grand écran AMOLED, 256 Go de stockage, triple appareil photo 50 Mpx et batterie de 5 000 mAh avec charge rapide : un smartphone complet, double SIM.',
    description: `<p>Un smartphone puissant pour les réseaux sociaux, la photo, le mobile money et le travail au quotidien.</p>
<ul>
<li><strong>Écran :</strong> 6,7 pouces AMOLED, 120 Hz</li>
<li><strong>Mémoire :</strong> 8 Go de RAM, 256 Go de stockage</li>
<li><strong>Photo :</strong> triple capteur arrière 50 Mpx, selfie 16 Mpx</li>
<li><strong>Batterie :</strong> 5 000 mAh, charge rapide 45 W</li>
<li><strong>Réseau :</strong> double SIM, 4G et 5G</li>
</ul>
<p>Livré avec coque de protection et verre trempé posé en boutique. <strong>Garantie 12 mois.</strong></p>`,
    price: 165000,
    compareAtPrice: 185000,
    category: 'phones',
    images: [img('smartphone-256.svg'), img('smartphone-256-2.svg')],
    stock: 12,
    featured: true,
  },
  {
    name: "Smartphone d'entrée de gamme 6,5 pouces 64 Go – double SIM",
    sku: 'TCB-006',
    barcode: '2000000000060',
    shortDescription:
      "Fiable et abordable : l'essentiel pour appeler, discuter sur WhatsApp et utiliser le mobile money, avec une batterie qui tient toute la journée.",
    description: `<p>Le bon choix pour un premier smartphone ou un téléphone de secours.</p>
<ul>
<li><strong>Écran :</strong> 6,5 pouces HD+</li>
<li><strong>Mémoire :</strong> 3 Go de RAM, 64 Go de stockage (extensible par carte microSD)</li>
<li><strong>Batterie :</strong> 5 000 mAh</li>
<li><strong>Réseau :</strong> double SIM, 4G</li>
</ul>
<p><strong>Garantie 12 mois.</strong></p>`,
    price: 59000,
    category: 'phones',
    images: [img('smartphone-64.svg')],
    stock: 25,
  },
  {
    name: 'Tablette 10,1 pouces 64 Go – Wi-Fi + 4G',
    sku: 'TCB-007',
    barcode: '2000000000077',
    shortDescription:
      'Une tablette avec emplacement SIM pour rester connecté partout : idéale pour les cours en ligne, la lecture et les vidéos en famille.',
    description: `<p>Grand écran, connexion 4G et autonomie confortable : une tablette pensée pour l'apprentissage et le divertissement.</p>
<ul>
<li><strong>Écran :</strong> 10,1 pouces Full HD</li>
<li><strong>Mémoire :</strong> 4 Go de RAM, 64 Go de stockage</li>
<li><strong>Connexion :</strong> Wi-Fi et 4G (carte SIM)</li>
<li><strong>Batterie :</strong> 6 000 mAh</li>
</ul>
<p>Contrôle parental intégré pour les plus jeunes. <strong>Garantie 12 mois.</strong></p>`,
    price: 125000,
    category: 'phones',
    images: [img('tablette-10.svg')],
    stock: 6,
  },
  // ---------------------------------------------------------------- Accessoires
  {
    name: 'Batterie externe 20 000 mAh – charge rapide 22,5 W',
    sku: 'TCB-008',
    barcode: '2000000000084',
    shortDescription:
      "Rechargez votre smartphone jusqu'à quatre fois pendant les coupures de courant : deux ports USB-A, un port USB-C et un indicateur de charge.",
    description: `<p>Indispensable au quotidien comme en déplacement, cette batterie externe garde vos appareils allumés quand l'électricité manque.</p>
<ul>
<li><strong>Capacité :</strong> 20 000 mAh</li>
<li><strong>Sorties :</strong> 2 × USB-A et 1 × USB-C, charge rapide jusqu'à 22,5 W</li>
<li><strong>Indicateur :</strong> écran de niveau de charge en pourcentage</li>
<li>Câble USB-C fourni</li>
</ul>`,
    price: 18000,
    compareAtPrice: 22000,
    category: 'accessories',
    images: [img('powerbank-20000.svg')],
    stock: 40,
  },
  {
    name: 'Onduleur 650 VA avec régulateur de tension',
    sku: 'TCB-009',
    barcode: '2000000000091',
    shortDescription:
      "Protégez votre ordinateur et votre box internet contre les coupures et les surtensions : quelques minutes d'autonomie pour enregistrer et éteindre proprement.",
    description: `<p>Un onduleur <strong>line-interactive</strong> avec régulation automatique de tension (AVR), adapté aux variations fréquentes du réseau électrique.</p>
<ul>
<li><strong>Puissance :</strong> 650 VA / 390 W</li>
<li><strong>Prises :</strong> 4 prises secourues et protégées contre les surtensions</li>
<li><strong>Autonomie :</strong> environ 5 à 10 minutes pour un ordinateur de bureau et sa box</li>
<li>Alarme sonore en cas de coupure</li>
</ul>
<p>À ne pas utiliser avec une imprimante laser ou un appareil de chauffage.</p>`,
    price: 55000,
    category: 'accessories',
    images: [img('onduleur-650va.svg')],
    stock: 10,
  },
  {
    name: 'Ensemble clavier et souris sans fil AZERTY',
    sku: 'TCB-010',
    barcode: '2000000000107',
    shortDescription:
      "Un clavier AZERTY silencieux et une souris ergonomique, reliés par un seul récepteur USB. Jusqu'à 12 mois d'autonomie.",
    description: `<p>Libérez votre bureau des câbles avec cet ensemble simple et fiable.</p>
<ul>
<li>Clavier AZERTY français avec pavé numérique</li>
<li>Souris optique 1 200 ppp</li>
<li>Récepteur USB unique, portée d'environ 10 mètres</li>
<li>Fonctionne avec Windows, macOS, Linux et ChromeOS</li>
</ul>`,
    price: 15000,
    category: 'accessories',
    images: [img('clavier-souris.svg')],
    stock: null,
  },
  {
    name: 'Disque SSD externe 1 To USB-C',
    sku: 'TCB-011',
    barcode: '2000000000114',
    shortDescription:
      "Sauvegardez vos photos, documents et projets sur un disque de poche rapide et résistant aux chocs : jusqu'à 1 000 Mo/s.",
    description: `<p>Un disque externe compact pour ne plus jamais perdre vos données : faites au moins une sauvegarde par semaine !</p>
<ul>
<li><strong>Capacité :</strong> 1 To</li>
<li><strong>Vitesse :</strong> jusqu'à 1 000 Mo/s en lecture</li>
<li><strong>Connexion :</strong> USB-C, câbles USB-C et USB-A fournis</li>
<li>Boîtier aluminium résistant aux chutes</li>
</ul>`,
    price: 65000,
    category: 'accessories',
    images: [img('ssd-externe-1to.svg')],
    stock: 9,
  },
  // ---------------------------------------------------------------- Réseau
  {
    name: 'Routeur 4G LTE Wi-Fi avec emplacement SIM',
    sku: 'TCB-012',
    barcode: '2000000000121',
    shortDescription:
      "Insérez la carte SIM de votre opérateur et partagez internet en Wi-Fi avec jusqu'à 32 appareils, à la maison comme au bureau. Aucune installation requise.",
    description: `<p>La solution la plus simple pour avoir internet là où la fibre n'arrive pas encore.</p>
<ul>
<li><strong>Réseau :</strong> 4G LTE catégorie 4, compatible avec les opérateurs du Bénin</li>
<li><strong>Wi-Fi :</strong> 2,4 GHz, jusqu'à 300 Mbit/s, 32 appareils</li>
<li><strong>Ports :</strong> 2 ports Ethernet</li>
<li>Deux antennes externes amovibles pour un meilleur signal</li>
</ul>
<p>Configuration offerte en boutique.</p>`,
    price: 45000,
    compareAtPrice: 52000,
    category: 'networking',
    images: [img('routeur-4g.svg')],
    stock: 15,
    featured: true,
  },
  {
    name: 'Routeur Wi-Fi 6 double bande AX1800',
    sku: 'TCB-013',
    barcode: '2000000000138',
    shortDescription:
      'Un Wi-Fi plus rapide et plus stable pour les familles et les petits bureaux connectés à la fibre : double bande et gestion de nombreux appareils.',
    description: `<p>Le Wi-Fi 6 répartit mieux le débit entre les appareils connectés : visioconférences et vidéos restent fluides, même aux heures chargées.</p>
<ul>
<li><strong>Norme :</strong> Wi-Fi 6 (802.11ax), AX1800</li>
<li><strong>Bandes :</strong> 2,4 GHz et 5 GHz</li>
<li><strong>Ports :</strong> 1 WAN et 3 LAN Gigabit</li>
<li>Réseau invité et contrôle parental</li>
</ul>`,
    price: 48000,
    category: 'networking',
    images: [img('routeur-wifi6.svg')],
    stock: 7,
  },
  {
    name: 'Switch réseau 8 ports Gigabit',
    sku: 'TCB-014',
    barcode: '2000000000145',
    shortDescription:
      'Multipliez les prises réseau de votre bureau : 8 ports Gigabit, boîtier métallique et installation sans configuration.',
    description: `<p>Branchez-le, c'est prêt : ce switch non administrable relie ordinateurs, imprimantes et caméras au même réseau.</p>
<ul>
<li>8 ports RJ45 10/100/1000 Mbit/s</li>
<li>Boîtier métallique, fixation murale possible</li>
<li>Faible consommation électrique</li>
</ul>`,
    price: 22000,
    category: 'networking',
    images: [img('switch-8-ports.svg')],
    stock: 20,
  },
  {
    name: "Point d'accès Wi-Fi extérieur longue portée",
    sku: 'TCB-015',
    barcode: '2000000000152',
    shortDescription:
      'Étendez votre Wi-Fi à une cour, un maquis ou un site de plusieurs bâtiments : boîtier étanche IP65 et alimentation par câble réseau (PoE).',
    description: `<p>Un point d'accès robuste pour couvrir les espaces extérieurs.</p>
<ul>
<li>Boîtier étanche IP65, résistant au soleil et à la pluie</li>
<li>Portée jusqu'à 200 mètres en champ libre</li>
<li>Alimentation PoE, injecteur fourni</li>
</ul>
<p>Installation recommandée par nos techniciens.</p>`,
    price: 78000,
    category: 'networking',
    images: [img('ap-exterieur.svg')],
    stock: 2,
    published: false,
  },
  // ---------------------------------------------------------------- Audio
  {
    name: 'Écouteurs sans fil à réduction de bruit active',
    sku: 'TCB-016',
    barcode: '2000000000169',
    shortDescription:
      "Coupez-vous du bruit de la circulation ou du marché : réduction de bruit active, son riche et jusqu'à 30 heures d'écoute avec le boîtier.",
    description: `<p>Des écouteurs confortables pour la musique, les appels et les réunions en ligne.</p>
<ul>
<li><strong>Réduction de bruit active</strong> et mode transparence</li>
<li><strong>Autonomie :</strong> 7 heures, 30 heures avec le boîtier de charge</li>
<li>Bluetooth 5.3, quatre micros pour des appels clairs</li>
<li>Résistants à la transpiration (IPX4)</li>
</ul>`,
    price: 35000,
    compareAtPrice: 42000,
    category: 'audio',
    images: [img('ecouteurs-anc.svg')],
    stock: 18,
    featured: true,
  },
  {
    name: 'Enceinte Bluetooth portable étanche IPX7',
    sku: 'TCB-017',
    barcode: '2000000000176',
    shortDescription: "Un son puissant pour vos sorties et vos fêtes, même au bord de l'eau : étanche IPX7 et 12 heures d'autonomie.",
    description: `<p>Compacte, robuste et sonore, elle vous suit partout.</p>
<ul>
<li><strong>Puissance :</strong> 20 W</li>
<li><strong>Autonomie :</strong> environ 12 heures</li>
<li><strong>Étanchéité :</strong> IPX7 (immersion temporaire)</li>
<li>Appairage de deux enceintes pour un son stéréo</li>
</ul>`,
    price: 28000,
    category: 'audio',
    images: [img('enceinte-bluetooth.svg')],
    stock: 11,
  },
  {
    name: 'Casque-micro USB pour visioconférence',
    sku: 'TCB-018',
    barcode: '2000000000183',
    shortDescription:
      "Un casque léger avec micro antibruit pour les appels Teams, Zoom ou Google Meet et les centres d'appels. Prêt à brancher.",
    description: `<p>Soyez entendu clairement lors de vos réunions en ligne et de vos formations à distance.</p>
<ul>
<li>Micro antibruit orientable</li>
<li>Télécommande sur le câble : volume et coupure du micro</li>
<li>Connexion USB-A, sans pilote</li>
</ul>`,
    price: 19000,
    category: 'audio',
    images: [img('casque-usb.svg')],
    stock: 14,
  },
  // ---------------------------------------------------------------- Portefeuilles crypto
  {
    name: 'Portefeuille matériel crypto Essentiel USB-C',
    sku: 'TCB-019',
    barcode: '2000000000190',
    shortDescription:
      "Gardez vos clés privées hors ligne : ce portefeuille matériel signe vos transactions sur l'appareil, loin des virus et du piratage. Compatible Bitcoin, Ethereum et des milliers de jetons.",
    description: `<p>Un portefeuille matériel conserve vos clés privées dans une puce sécurisée : elles ne quittent jamais l'appareil, même lorsqu'il est branché à un ordinateur infecté.</p>
<ul>
<li>Écran et boutons intégrés pour vérifier chaque adresse et chaque montant</li>
<li>Compatible Bitcoin, Ethereum, USDT et des milliers d'autres actifs</li>
<li>Connexion USB-C, fonctionne avec ordinateur et smartphone Android</li>
<li>Phrase de récupération de 24 mots générée par l'appareil</li>
</ul>
<p><strong>Important :</strong> l'appareil vous est remis <strong>neuf et scellé</strong>. Il n'est jamais livré avec une phrase de récupération déjà écrite : si c'est le cas, ne l'utilisez pas.</p>`,
    price: 55000,
    category: 'wallets',
    images: [img('wallet-essentiel.svg')],
    stock: 10,
    featured: true,
  },
  {
    name: 'Portefeuille matériel crypto à écran tactile Bluetooth',
    sku: 'TCB-020',
    barcode: '2000000000206',
    shortDescription:
      'Notre portefeuille matériel haut de gamme : grand écran tactile, connexion Bluetooth avec votre smartphone et batterie intégrée. Pour sécuriser une épargne crypto importante.',
    description: `<p>Le confort d'un grand écran tactile avec la sécurité d'une puce certifiée : vérifiez et validez vos transactions directement sur l'appareil.</p>
<ul>
<li>Écran tactile lisible pour contrôler adresses et montants</li>
<li>Bluetooth chiffré et USB-C</li>
<li>Batterie rechargeable intégrée</li>
<li>Compatible avec plus de 5 000 cryptoactifs</li>
</ul>
<p>Livré <strong>neuf et scellé</strong>, avec une séance de prise en main offerte en boutique pour sauvegarder correctement votre phrase de récupération.</p>`,
    price: 125000,
    compareAtPrice: 140000,
    category: 'wallets',
    images: [img('wallet-ecran.svg'), img('wallet-ecran-2.svg')],
    stock: 4,
    featured: true,
  },
  {
    name: 'Plaque de sauvegarde en acier pour phrase de récupération',
    sku: 'TCB-021',
    barcode: '2000000000213',
    shortDescription:
      "Le papier brûle, prend l'eau et s'efface : gravez votre phrase de récupération de 24 mots sur une plaque en acier inoxydable, résistante au feu et à la corrosion.",
    description: `<p>Votre phrase de récupération est la seule façon de retrouver vos cryptos si votre portefeuille est perdu ou cassé. Protégez-la durablement.</p>
<ul>
<li>Acier inoxydable 316, résistant au feu et à la corrosion</li>
<li>Espace pour 24 mots, poinçons et marteau inclus</li>
<li>Compatible avec tous les portefeuilles utilisant des phrases BIP39</li>
</ul>
<p>Ne photographiez jamais votre phrase de récupération et ne la saisissez jamais sur un site web.</p>`,
    price: 25000,
    category: 'wallets',
    images: [img('plaque-acier.svg')],
    stock: 12,
  },
  // Sold in versions (demoVariants): its price, stock and barcodes are its versions'.
  {
    name: 'Smartphone 6,1 pouces – double SIM, 4G',
    sku: 'TCB-022',
    shortDescription: 'Compact et endurant : écran 6,1 pouces, double SIM 4G et batterie de 4 500 mAh, en 128 ou 256 Go, noir ou bleu.',
    description: `<p>Un smartphone qui tient dans la main et dans la poche, pour WhatsApp, le mobile money et la photo.</p>
<ul>
<li><strong>Écran :</strong> 6,1 pouces OLED</li>
<li><strong>Mémoire :</strong> 6 Go de RAM, 128 ou 256 Go de stockage</li>
<li><strong>Photo :</strong> double capteur 48 Mpx</li>
<li><strong>Batterie :</strong> 4 500 mAh, charge rapide 25 W</li>
</ul>
<p><strong>Garantie 12 mois.</strong></p>`,
    price: 185000,
    category: 'phones',
    images: [img('smartphone-61-noir.svg'), img('smartphone-61-bleu.svg')],
  },
];

/** The demo's product sold in versions (the catalogue's last): two storage sizes by two colours, one sold out. */
export const demoVariants = {
  productIndex: 21,
  options: [
    { name: 'Stockage', values: [{ label: '128 Go' }, { label: '256 Go' }] },
    {
      name: 'Couleur',
      values: [
        { label: 'Noir', color: '#1f2937' },
        { label: 'Bleu', color: '#1d4ed8' },
      ],
    },
  ],
  variants: [
    { values: ['128 Go', 'Noir'], price: 185000, stock: 5, barcode: '2000000000305', sku: 'TCB-022-128-N', photo: 0 },
    { values: ['128 Go', 'Bleu'], price: 185000, stock: 3, barcode: '2000000000312', sku: 'TCB-022-128-B', photo: 1 },
    { values: ['256 Go', 'Noir'], price: 215000, stock: 0, barcode: '2000000000329', sku: 'TCB-022-256-N', photo: 0 },
    { values: ['256 Go', 'Bleu'], price: 215000, stock: 4, barcode: '2000000000336', sku: 'TCB-022-256-B', photo: 1 },
  ],
};

// Fictional wholesalers, as a shop in Cotonou buys from them.
const demoSuppliers: Input<typeof suppliers>[] = [
  {
    name: 'Tech Import Cotonou',
    phone: '+2290121300000',
    whatsapp: '+2290196000001',
    email: 'commandes@techimport.example',
    notes: 'Ordinateurs et smartphones. Livraison sous 3 jours ouvrés à Cotonou.',
  },
  {
    name: 'Accessoires Pro Cotonou',
    phone: '+2290121400000',
    email: 'ventes@accessoirespro.example',
    notes: 'Accessoires, réseau et audio. Commande minimum : 100 000 F CFA.',
  },
];
const supplierOf: Partial<Record<string, string>> = {
  computers: 'Tech Import Cotonou',
  phones: 'Tech Import Cotonou',
  accessories: 'Accessoires Pro Cotonou',
  networking: 'Accessoires Pro Cotonou',
  audio: 'Accessoires Pro Cotonou',
};
/** Each article's usual supplier, its reference there and its cost (about 70 % of the price). */
const demoProducts: Input<typeof products>[] = catalogue.map((product) => {
  const supplier = supplierOf[product.category];
  return supplier
    ? { ...product, supplier, supplierReference: `F-${product.sku ?? ''}`, cost: Math.round((product.price * 0.7) / 500) * 500 }
    : product;
});

/** A day of the last weeks, in Benin. */
const daysAgo = (days: number) => today(new Date(Date.now() - days * 86_400_000));
// The month's usual expenses, paid by bank or Mobile Money (a cash one would need an open drawer).
const demoExpenses: Input<typeof expenses>[] = [
  {
    date: daysAgo(1),
    label: 'Forfait internet de la boutique',
    category: 'telecom',
    amount: 25_000,
    method: 'mobile_money',
    supplier: 'MTN Bénin',
  },
  { date: daysAgo(3), label: 'Carburant de la moto de livraison', category: 'fuel', amount: 15_000, method: 'mobile_money' },
  { date: daysAgo(8), label: 'Électricité', category: 'electricity', amount: 32_500, method: 'mobile_money', supplier: 'SBEE' },
  { date: daysAgo(12), label: 'Loyer de la boutique', category: 'rent', amount: 150_000, method: 'bank', supplier: 'SCI Ganhi' },
];

const demoServices: Input<typeof services>[] = [
  {
    name: 'Maintenance et dépannage informatique',
    shortDescription:
      'Ordinateur lent, qui chauffe ou qui ne démarre plus ? Nos techniciens diagnostiquent et réparent vos appareils en atelier ou sur site.',
    description:
      "Nous prenons en charge ordinateurs portables et de bureau, toutes marques confondues. Le tarif indiqué correspond au diagnostic et à l'intervention logicielle de base ; si des pièces doivent être remplacées, un devis vous est remis avant toute réparation. Vos données sont sauvegardées avant chaque intervention et vous récupérez votre machine nettoyée et à jour.",
    price: 15000,
    image: img('service-maintenance.svg'),
    features: [
      'Diagnostic complet du matériel et du système',
      'Nettoyage interne et remplacement de la pâte thermique',
      'Suppression des virus et logiciels malveillants',
      'Réinstallation du système et des pilotes',
      'Sauvegarde de vos données avant intervention',
    ],
  },
  {
    name: 'Installation et sécurisation de réseau',
    shortDescription:
      'Wi-Fi, câblage, routeur 4G de secours et caméras : nous concevons et installons le réseau de votre maison, boutique ou entreprise. Sur devis après visite.',
    description:
      'Chaque site est différent : après une visite gratuite dans le Grand Cotonou, nous vous proposons une installation adaptée à vos besoins et à votre budget. Nous posons le câblage, configurons les équipements, séparons le réseau invité du réseau professionnel et vous remettons un document récapitulatif avec tous vos accès.',
    price: null,
    image: img('service-reseau.svg'),
    features: [
      'Visite et étude de couverture Wi-Fi',
      'Câblage réseau et pose de prises RJ45',
      "Configuration des routeurs, switchs et points d'accès",
      'Connexion 4G de secours en cas de panne de la fibre',
      'Réseau invité séparé et mots de passe robustes',
    ],
  },
  {
    name: 'Création de site web vitrine',
    shortDescription:
      'Un site professionnel, rapide et adapté aux mobiles pour présenter votre activité, avec bouton WhatsApp et référencement local sur Google.',
    description:
      "Nous réalisons votre site vitrine de A à Z : conception graphique, rédaction avec vous des textes, intégration de vos photos et mise en ligne. Le site est pensé pour les smartphones et les connexions lentes, et vous êtes formé pour modifier vous-même vos contenus. Le nom de domaine et l'hébergement de la première année sont inclus.",
    price: 250000,
    image: img('service-site-web.svg'),
    features: [
      "Jusqu'à 5 pages personnalisées",
      'Design adapté aux mobiles',
      'Bouton WhatsApp et formulaire de contact',
      'Nom de domaine et hébergement la première année',
      'Référencement local et fiche Google',
      "Formation d'une heure à la gestion du site",
    ],
  },
  {
    name: 'Accompagnement crypto personnalisé',
    shortDescription:
      'Une séance individuelle de deux heures pour acheter vos premières cryptos en toute sécurité, configurer votre portefeuille et éviter les arnaques.',
    description:
      "En boutique ou en visioconférence, un formateur vous accompagne pas à pas selon votre niveau : création et sécurisation d'un compte sur une plateforme d'échange, mise en service d'un portefeuille matériel, sauvegarde de la phrase de récupération et premiers envois. Nous ne gérons jamais vos fonds et ne vous demanderons jamais vos codes ou votre phrase de récupération. Cette séance est pédagogique et ne constitue pas un conseil en investissement.",
    price: 30000,
    image: img('service-crypto.svg'),
    features: [
      'Séance individuelle de 2 heures',
      'Sécurisation des comptes et authentification à deux facteurs',
      "Mise en service d'un portefeuille matériel",
      'Sauvegarde de la phrase de récupération',
      'Repérer les arnaques les plus courantes',
    ],
  },
];

const demoCourses: Input<typeof cryptoCourses>[] = [
  {
    title: 'Initiation aux cryptomonnaies',
    level: 'beginner',
    format: 'online',
    duration: '2 semaines (4 séances de 2 h)',
    price: 25000,
    image: img('formation-debutant.svg'),
    syllabus: [
      "Qu'est-ce que la blockchain ? Les bases sans jargon",
      'Bitcoin, Ethereum et stablecoins : les différences',
      "Créer un compte sur une plateforme d'échange et le sécuriser",
      'Acheter et vendre en mobile money sans se faire piéger',
      'Portefeuilles : application ou portefeuille matériel',
      'Reconnaître les arnaques et les fausses promesses de gains',
    ],
    description:
      'Une formation en ligne pour comprendre ce que sont réellement les cryptomonnaies et faire vos premiers pas en sécurité. Les séances ont lieu en soirée et sont enregistrées pour être revues à votre rythme. Aucun prérequis : un smartphone et une connexion internet suffisent.',
  },
  {
    title: 'Sécuriser et gérer ses cryptoactifs',
    level: 'intermediate',
    format: 'onsite',
    duration: '3 samedis de 6 heures',
    price: 60000,
    image: img('formation-intermediaire.svg'),
    syllabus: [
      'Clés privées, adresses et phrases de récupération',
      "Mise en service d'un portefeuille matériel (appareil fourni pendant la formation)",
      'Choisir le bon réseau : Bitcoin, ERC-20, TRC-20, BEP-20',
      "Frais de transaction et erreurs d'envoi à éviter",
      'Échanges entre particuliers (P2P) et séquestre',
      'Construire un plan de sauvegarde et de transmission',
    ],
    description:
      "Une formation pratique en petit groupe (8 personnes au maximum) dans nos locaux d'Abomey-Calavi. Chaque participant manipule un portefeuille matériel, effectue de vrais envois de petits montants et repart avec une procédure de sécurité écrite, adaptée à sa situation.",
  },
  {
    title: 'Blockchain avancée : DeFi, analyse on-chain et gestion du risque',
    level: 'advanced',
    format: 'online',
    duration: '6 semaines',
    price: 120000,
    image: img('formation-avance.svg'),
    syllabus: [
      'Fonctionnement des contrats intelligents',
      'Finance décentralisée : échanges, prêts et rendements',
      'Lire une transaction sur un explorateur de blocs',
      'Analyse on-chain : flux, portefeuilles et indicateurs',
      'Risques : piratages, faillites, stablecoins et volatilité',
      'Diversification et gestion du risque',
    ],
    description:
      "Pour les personnes déjà à l'aise avec les portefeuilles et les plateformes d'échange qui veulent comprendre l'écosystème en profondeur. Cours en direct chaque semaine, travaux pratiques et groupe d'entraide. Formation à visée pédagogique : elle ne promet aucun gain et ne constitue pas un conseil en investissement.",
  },
];

const demoBlogPosts: Input<typeof blogPosts>[] = [
  {
    title: 'Mobile money et cryptomonnaies : les bons réflexes pour protéger votre argent',
    excerpt:
      'Codes secrets, faux SMS de confirmation, achats entre particuliers : les gestes simples qui évitent la plupart des pertes quand on utilise le mobile money et les cryptos.',
    content: `<p>Au Bénin, le mobile money fait partie du quotidien : on paie ses factures, on envoie de l'argent à la famille et, de plus en plus, on achète des cryptomonnaies auprès d'autres particuliers. Cette facilité attire aussi les escrocs. Voici les réflexes à adopter.</p>
<h2>Protégez vos codes</h2>
<ul>
<li><strong>Ne communiquez jamais votre code secret mobile money</strong>, ni les codes reçus par SMS, même à une personne qui se présente comme un agent de votre opérateur.</li>
<li>Activez le verrouillage de votre téléphone (code ou empreinte) et de vos applications sensibles.</li>
<li>Sur les plateformes d'échange, préférez l'authentification à deux facteurs par application à celle par SMS.</li>
</ul>
<h2>Vérifiez avant d'envoyer, et après avoir reçu</h2>
<p>Avant chaque transfert, contrôlez le nom du bénéficiaire affiché par l'opérateur. Lors d'une vente de crypto entre particuliers, utilisez le séquestre de la plateforme et ne libérez jamais la crypto avant d'avoir vu le paiement dans votre propre historique : une capture d'écran ou un SMS de confirmation peuvent être falsifiés.</p>
<h2>Gardez la maîtrise de vos cryptos</h2>
<p>Ne laissez sur une plateforme d'échange que ce dont vous avez besoin pour vos opérations courantes. Pour une épargne de long terme, un portefeuille matériel dont vous seul détenez la phrase de récupération reste la solution la plus sûre.</p>
<p>En cas de doute, arrêtez-vous et demandez conseil : un vrai service client ne vous pressera jamais et ne vous demandera jamais vos codes.</p>`,
    image: img('blog-mobile-money.svg'),
    date: '2026-10-27',
    author: 'Mireille Agbo',
  },
  {
    title: 'Bien choisir son ordinateur portable : le guide pour étudiants et professionnels',
    excerpt:
      'Processeur, mémoire, SSD, autonomie, garantie : les critères qui comptent vraiment pour acheter le bon ordinateur portable sans dépenser trop.',
    content: `<p>Un ordinateur portable est un investissement pour plusieurs années. Avant de regarder le prix, posez-vous une question simple : à quoi va-t-il servir ? Bureautique et cours en ligne, comptabilité, montage vidéo ou développement n'ont pas les mêmes besoins.</p>
<h2>Les critères essentiels</h2>
<ul>
<li><strong>Le stockage SSD est indispensable.</strong> Un disque dur classique rend même un bon processeur très lent. Visez 256 Go au minimum, 512 Go pour être à l'aise.</li>
<li><strong>La mémoire vive :</strong> 8 Go suffisent pour la bureautique ; 16 Go sont recommandés si vous gardez de nombreux onglets ouverts ou travaillez sur des fichiers lourds.</li>
<li><strong>Le processeur :</strong> un Core i5 ou Ryzen 5 récent convient à la grande majorité des usages ; un Core i7 ou Ryzen 7 se justifie pour la vidéo ou la programmation intensive.</li>
<li><strong>L'écran :</strong> exigez du Full HD (1920 × 1080) ; en dessous, le texte est moins net et fatigue les yeux.</li>
</ul>
<h2>Pensez à l'autonomie et au service après-vente</h2>
<p>Avec les coupures de courant, une bonne autonomie est un vrai confort : regardez les tests réels plutôt que les chiffres du fabricant. Vérifiez aussi la durée de la garantie et l'existence d'un atelier local capable de réparer votre machine et de trouver des pièces.</p>
<h2>Neuf ou reconditionné ?</h2>
<p>Un ordinateur professionnel reconditionné, contrôlé et garanti, offre souvent plus de qualité qu'un modèle neuf d'entrée de gamme au même prix. Méfiez-vous en revanche des machines d'occasion vendues sans facture ni garantie.</p>`,
    image: img('blog-choisir-ordinateur.svg'),
    date: '2026-09-15',
    author: 'Rodrigue Dossa',
  },
  {
    title: 'Arnaques aux cryptomonnaies : reconnaître les pièges les plus courants',
    excerpt:
      'Rendements garantis, faux conseillers sur WhatsApp, faux support technique : les escroqueries aux cryptos suivent presque toujours les mêmes scénarios. Apprenez à les repérer.',
    content: `<p>Les cryptomonnaies attirent de nombreux escrocs, car les transactions sont rapides et presque toujours irréversibles. Dans l'espace UEMOA, la BCEAO a d'ailleurs rappelé à plusieurs reprises que les cryptomonnaies n'ont pas cours légal et a mis en garde le public contre leurs risques. Voici les pièges les plus fréquents.</p>
<h2>Les signaux d'alerte</h2>
<ul>
<li><strong>Des gains garantis :</strong> « doublez votre mise en 7 jours », « 5 % par jour ». Aucun investissement sérieux ne garantit de tels rendements.</li>
<li><strong>Le parrainage obligatoire :</strong> si vos gains dépendent surtout des personnes que vous recrutez, il s'agit très probablement d'un système pyramidal qui finira par s'effondrer.</li>
<li><strong>Le faux conseiller :</strong> un inconnu vous contacte sur WhatsApp, Telegram ou Facebook et propose de « gérer » vos cryptos à votre place.</li>
<li><strong>Le faux support technique :</strong> quelqu'un vous demande votre phrase de récupération pour « débloquer » ou « vérifier » votre portefeuille. Personne n'en a jamais besoin, à part vous.</li>
<li><strong>L'urgence :</strong> « offre valable une heure », « dernières places ». La pression vise à vous empêcher de réfléchir.</li>
</ul>
<h2>Les bons réflexes</h2>
<p>Téléchargez vos applications uniquement depuis les boutiques officielles et vérifiez soigneusement l'adresse des sites web. Faites une recherche sur le nom du projet suivi du mot « arnaque » avant d'envoyer le moindre franc. Et n'investissez jamais de l'argent dont vous avez besoin pour vivre.</p>
<p>Si vous êtes victime d'une escroquerie, conservez toutes les preuves (messages, adresses, reçus) et signalez-la sans attendre aux autorités compétentes.</p>`,
    image: img('blog-arnaques.svg'),
    date: '2026-07-08',
    author: 'Mireille Agbo',
  },
  {
    title: "Portefeuille matériel, application ou plateforme d'échange : où garder ses cryptos ?",
    excerpt:
      'Pas vos clés, pas vos cryptos : comprendre la différence entre garde par une plateforme, portefeuille sur smartphone et portefeuille matériel pour choisir la bonne solution.',
    content: `<p>Acheter des cryptomonnaies est devenu facile. Les conserver en sécurité demande un peu plus de réflexion. Tout repose sur une question : <strong>qui détient les clés privées</strong> qui permettent de dépenser vos fonds ?</p>
<h2>Trois façons de conserver ses cryptos</h2>
<ul>
<li><strong>Sur une plateforme d'échange :</strong> pratique pour acheter et vendre, mais c'est la plateforme qui détient les clés. En cas de piratage, de faillite ou de blocage de compte, vos fonds sont en danger.</li>
<li><strong>Dans une application de portefeuille :</strong> vous détenez vos clés, mais elles sont stockées sur un téléphone connecté à internet, exposé aux virus et au vol.</li>
<li><strong>Sur un portefeuille matériel :</strong> les clés restent dans une puce sécurisée hors ligne et chaque transaction doit être validée physiquement sur l'appareil.</li>
</ul>
<h2>La phrase de récupération, votre vrai coffre-fort</h2>
<p>À la création d'un portefeuille, vous recevez une liste de 12 ou 24 mots. Quiconque la possède peut vider votre portefeuille, depuis n'importe où dans le monde. Écrivez-la sur papier ou gravez-la sur une plaque en acier, conservez-la dans un endroit sûr, et ne la photographiez jamais.</p>
<p>Notre conseil : gardez sur la plateforme et dans l'application seulement de quoi faire vos opérations courantes, et placez votre épargne sur un portefeuille matériel acheté neuf et scellé auprès d'un revendeur de confiance.</p>`,
    image: img('blog-portefeuille.svg'),
    date: '2026-05-21',
    author: 'Ulrich Tchibozo',
  },
  {
    title: 'Coupures de courant : comment protéger votre matériel informatique',
    excerpt:
      'Les coupures et les variations de tension abîment ordinateurs, box et disques. Onduleur, parafoudre, sauvegardes : nos conseils pour protéger votre matériel et vos données.',
    content: `<p>Une coupure brutale peut faire perdre un document en cours, mais ce sont surtout les retours de courant et les surtensions qui endommagent les alimentations, les cartes mères et les disques. Quelques équipements peu coûteux suffisent à limiter les risques.</p>
<h2>L'onduleur, premier rempart</h2>
<p>Un onduleur prend le relais pendant quelques minutes, le temps d'enregistrer votre travail et d'éteindre proprement. Choisissez de préférence un modèle <strong>line-interactive avec régulation de tension (AVR)</strong>, qui corrige les baisses et les hausses de tension sans puiser dans la batterie.</p>
<h2>Bien dimensionner son onduleur</h2>
<ul>
<li>Additionnez la consommation en watts des appareils à protéger (unité centrale, écran, box internet).</li>
<li>Comparez ce total à la puissance de l'onduleur <strong>en watts</strong>, et non en VA, en gardant une marge d'au moins 25 %.</li>
<li>N'y branchez ni imprimante laser, ni ventilateur, ni appareil de chauffage.</li>
</ul>
<h2>Les autres bons gestes</h2>
<p>Utilisez une multiprise avec parafoudre pour les appareils non secourus, débranchez vos équipements pendant les orages et remplacez la batterie de l'onduleur tous les trois à cinq ans. Enfin, sauvegardez régulièrement vos fichiers sur un disque externe : c'est la meilleure assurance contre toutes les pannes.</p>`,
    image: img('blog-onduleur.svg'),
    date: '2026-04-03',
    author: 'Rodrigue Dossa',
  },
  {
    title: "Bitcoin, Ethereum, USDT : comprendre les différences avant d'acheter",
    excerpt:
      "Toutes les cryptomonnaies ne se ressemblent pas. Réserve de valeur, plateforme d'applications ou stablecoin : ce qu'il faut savoir sur les trois actifs les plus échangés au Bénin.",
    content: `<p>Bitcoin, Ethereum et USDT sont les cryptomonnaies les plus échangées entre particuliers en Afrique de l'Ouest. Elles répondent pourtant à des usages très différents.</p>
<h2>Bitcoin (BTC)</h2>
<p>Lancé en 2009, Bitcoin est la première cryptomonnaie. Son nombre d'unités est plafonné à 21 millions, ce qui conduit beaucoup de personnes à le considérer comme une réserve de valeur numérique. Son cours reste cependant très volatil : il peut perdre une grande partie de sa valeur en quelques semaines.</p>
<h2>Ethereum (ETH)</h2>
<p>Ethereum est une blockchain programmable : elle fait fonctionner des contrats intelligents, des applications de finance décentralisée et de nombreux jetons. L'ether sert notamment à payer les frais de transaction sur ce réseau.</p>
<h2>Tether (USDT)</h2>
<p>L'USDT est un stablecoin : il est conçu pour valoir un dollar américain et est émis par une entreprise privée, Tether. Il limite la volatilité mais dépend de la solidité de son émetteur.</p>
<ul>
<li>L'USDT existe sur plusieurs réseaux (Ethereum, Tron, BNB Smart Chain...). <strong>Avant tout envoi, vérifiez que l'expéditeur et le destinataire utilisent le même réseau</strong>, sinon les fonds peuvent être perdus.</li>
<li>Les frais varient fortement d'un réseau à l'autre : comparez-les avant d'envoyer.</li>
</ul>
<p>Quel que soit votre choix, commencez par de petits montants et n'investissez que ce que vous pouvez vous permettre de perdre.</p>`,
    image: img('blog-btc-eth-usdt.svg'),
    date: '2026-02-10',
    author: 'Ulrich Tchibozo',
  },
];

const demoTrendingCryptos: Input<typeof trendingCryptos>[] = [
  {
    name: 'Bitcoin',
    symbol: 'BTC',
    image: img('coin-btc.svg'),
    affiliateLink: 'https://exchange.example/ref/techcrypto-btc',
    description:
      "La première cryptomonnaie, lancée en 2009. Son offre est plafonnée à 21 millions d'unités, ce qui en fait pour beaucoup une réserve de valeur numérique. Son cours reste très volatil : n'investissez que ce que vous pouvez vous permettre de perdre.",
  },
  {
    name: 'Ethereum',
    symbol: 'ETH',
    image: img('coin-eth.svg'),
    affiliateLink: 'https://exchange.example/ref/techcrypto-eth',
    description:
      "La blockchain programmable qui fait fonctionner des milliers d'applications : finance décentralisée, stablecoins, NFT. Depuis 2022, elle fonctionne en preuve d'enjeu, un mécanisme beaucoup moins gourmand en énergie.",
  },
  {
    name: 'Tether',
    symbol: 'USDT',
    image: img('coin-usdt.svg'),
    affiliateLink: 'https://exchange.example/ref/techcrypto-usdt',
    description:
      'Un stablecoin conçu pour suivre la valeur du dollar américain, émis par la société Tether. Très utilisé pour les échanges entre particuliers ; vérifiez toujours le réseau (TRC-20, ERC-20, BEP-20) avant un envoi.',
  },
  {
    name: 'BNB',
    symbol: 'BNB',
    image: img('coin-bnb.svg'),
    affiliateLink: 'https://exchange.example/ref/techcrypto-bnb',
    description:
      "Le jeton de l'écosystème Binance et de la BNB Smart Chain. Il sert à payer les frais de transaction sur ce réseau, réputé pour ses frais modestes, et donne accès à des réductions sur la plateforme.",
  },
  {
    name: 'Solana',
    symbol: 'SOL',
    image: img('coin-sol.svg'),
    affiliateLink: 'https://exchange.example/ref/techcrypto-sol',
    description:
      'Une blockchain très rapide aux frais de quelques centimes, appréciée pour les paiements, les jeux et la finance décentralisée. Le réseau a connu plusieurs interruptions par le passé : un risque à garder en tête.',
  },
  {
    name: 'Toncoin',
    symbol: 'TON',
    image: img('coin-ton.svg'),
    affiliateLink: 'https://exchange.example/ref/techcrypto-ton',
    description:
      "La cryptomonnaie de The Open Network, une blockchain étroitement liée à la messagerie Telegram, dont le portefeuille intégré permet d'envoyer des fonds aussi simplement qu'un message.",
  },
];

const demoTestimonials: Input<typeof testimonials>[] = [
  {
    name: 'Euloge Kpadonou',
    role: 'Développeur web, Cotonou',
    content:
      "J'ai acheté mon ultrabook chez TechCrypto Bénin : des conseils honnêtes, une machine conforme à la description et livrée en 24 heures à Cotonou. Le suivi après-vente est sérieux.",
    rating: 5,
    image: img('avatar-euloge-kpadonou.svg'),
  },
  {
    name: 'Afiavi Dossou',
    role: 'Commerçante, Abomey-Calavi',
    content:
      "La formation d'initiation m'a enfin permis de comprendre les cryptomonnaies sans jargon. On m'a surtout appris à repérer les arnaques qui circulent sur WhatsApp.",
    rating: 5,
    image: img('avatar-afiavi-dossou.svg'),
  },
  {
    name: 'Ibrahim Sanni',
    role: 'Gérant de cybercafé, Parakou',
    content:
      "L'équipe a installé le Wi-Fi de mon cybercafé et configuré un routeur 4G de secours. Travail propre et soigné ; le devis a pris quelques jours, mais tout a été respecté.",
    rating: 4,
    image: img('avatar-ibrahim-sanni.svg'),
  },
  {
    name: 'Sènami Agossou',
    role: 'Étudiante en informatique',
    content:
      "Mon ordinateur reconditionné est en parfait état et à un prix adapté à mon budget d'étudiante. Le paiement par mobile money à la livraison, c'est vraiment pratique.",
    rating: 5,
    image: img('avatar-senami-agossou.svg'),
  },
  {
    name: 'Carine Hounkpatin',
    role: 'Comptable, Porto-Novo',
    content:
      "Mon portefeuille matériel a été livré scellé et on m'a expliqué pas à pas comment sauvegarder ma phrase de récupération. J'aurais aimé un guide papier plus détaillé, mais je recommande.",
    rating: 4,
    image: img('avatar-carine-hounkpatin.svg'),
  },
];

const demoDeliveryOptions: Input<typeof deliveryOptions>[] = [
  {
    name: 'Retrait en boutique',
    description:
      "Récupérez gratuitement votre commande dans notre boutique d'Abomey-Calavi, du lundi au samedi de 9 h à 19 h, dès réception de notre message de confirmation.",
    price: 0,
    deliveryTime: 'Sous 24 h',
    icon: '🏬',
    features: ['Gratuit', 'Vérification du produit sur place', 'Paiement en espèces ou par mobile money'],
    recommended: false,
  },
  {
    name: 'Livraison standard Grand Cotonou',
    description:
      'Livraison à domicile ou au bureau à Cotonou, Abomey-Calavi, Godomey et Sèmè-Podji. Le livreur vous appelle avant son passage.',
    price: 2000,
    deliveryTime: '1-2 jours',
    icon: '🛵',
    features: ['Livraison à domicile ou au bureau', 'Appel du livreur avant passage', 'Paiement à la livraison'],
    recommended: true,
  },
  {
    name: 'Livraison express',
    description:
      'Pour toute commande confirmée avant 13 h, livraison le jour même dans le Grand Cotonou. Au-delà, livraison le lendemain matin.',
    price: 5000,
    deliveryTime: 'Le jour même',
    icon: '⚡',
    features: ['Commande confirmée avant 13 h livrée le jour même', 'Suivi par WhatsApp', 'Paiement à la livraison'],
    recommended: false,
  },
];

const demoCryptoVerifications: Input<typeof cryptoVerifications>[] = [
  {
    name: 'Armel Gbaguidi',
    email: 'armel.gbaguidi@example.com',
    phone: '+229 01 00 00 00 11',
    cryptoType: 'bitcoin',
    walletAddress: 'bc1qd7xw3k9fz2m5vlq8r4ytn6hjc0pe3gsa9uk27x',
    verificationType: 'basic',
    status: 'pending',
  },
  {
    name: 'Nadège Tossou',
    email: 'nadege.tossou@example.com',
    phone: '+229 01 00 00 00 12',
    cryptoType: 'ethereum',
    walletAddress: '0x7a3F9c21De4b08E5a6C1f2B93d0E7c4A8b5F6e21',
    verificationType: 'advanced',
    status: 'completed',
    notes:
      "Pièce d'identité et justificatif de domicile conformes. Adresse de portefeuille contrôlée : aucun signalement. Cliente informée par WhatsApp.",
  },
  {
    name: 'Romaric Ahissou',
    email: 'romaric.ahissou@example.com',
    phone: '+229 01 00 00 00 13',
    cryptoType: 'other',
    walletAddress: 'TQ7mK4rYw9NdV2sHx6bLpE3jF8cUa5GzR1',
    verificationType: 'basic',
    status: 'rejected',
    notes:
      "Pièce d'identité illisible et nom différent de celui du titulaire du compte mobile money. Nouveaux justificatifs demandés par e-mail.",
  },
  {
    name: 'Fatoumata Bio',
    email: 'fatoumata.bio@example.com',
    phone: '+229 01 00 00 00 14',
    cryptoType: 'bitcoin',
    walletAddress: 'bc1q8ns4j2hx6w0ctr5vy3p7kdl9ezq4fma6g2h5wt',
    verificationType: 'basic',
    status: 'completed',
    notes: "Vérification de base effectuée en boutique, pièce d'identité présentée. Aucune anomalie.",
  },
  {
    name: 'Hervé Dègbo',
    email: 'herve.degbo@example.com',
    phone: '+229 01 00 00 00 15',
    cryptoType: 'ethereum',
    walletAddress: '0xB41c9E2d7F0a3c65E8d2A9f14b7C3e0D5a62F9c8',
    verificationType: 'advanced',
    status: 'pending',
  },
];

const demoNewsletterSubscribers: Input<typeof newsletterSubscribers>[] = [
  { email: 'koffi.adjovi@example.com' },
  { email: 'mariam.sare@example.com' },
  { email: 'landry.houessou@example.com' },
  { email: 'prisca.amoussou@example.com' },
];

const demoContactMessages: Input<typeof contactMessages>[] = [
  {
    name: 'Gildas Akpovi',
    contact: 'gildas.akpovi@example.com',
    subject: 'Devis pour le réseau de notre école',
    message:
      "Bonjour, nous souhaitons équiper notre école privée de Godomey d'un réseau Wi-Fi pour trois salles de classe et le secrétariat. Pouvez-vous passer pour une visite et nous faire un devis ? Merci.",
    read: true,
  },
  {
    name: 'Bernadette Kiki',
    contact: '+229 01 00 00 00 31',
    subject: 'Prochaine session de formation',
    message:
      "Bonsoir, je voudrais savoir quand commence la prochaine session de la formation « Sécuriser et gérer ses cryptoactifs » à Abomey-Calavi, et s'il est possible de payer en deux fois.",
    read: false,
  },
  {
    name: 'Serge Ogoubiyi',
    contact: 'serge.ogoubiyi@example.com',
    subject: 'Disponibilité du portable reconditionné',
    message:
      "Bonjour, l'ordinateur portable reconditionné 14 pouces est indiqué en rupture de stock. Savez-vous quand il sera de nouveau disponible ? Je peux aussi réserver.",
    read: false,
  },
];

const demoPromoCodes: Input<typeof promoCodes>[] = [
  {
    code: 'BIENVENUE',
    label: 'Bienvenue -5 %',
    kind: 'percent',
    value: 5,
    appliesTo: 'all',
    maxUsesPerPhone: 1,
    active: true,
  },
  {
    code: 'FORMATION5000',
    label: 'Formation -5 000 F',
    kind: 'amount',
    value: 5_000,
    minimumOrder: 20_000,
    appliesTo: 'course',
    maxUses: 50,
    maxUsesPerPhone: 1,
    active: true,
  },
];

/** 9:00 in Benin, `days` after the shop's first start: the demo's sessions are always to come. */
function demoDay(days: number, hour = 9): string {
  const d = new Date(Date.now() + 3_600_000 + days * 86_400_000);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour - 1)).toISOString();
}

/** `course`: the training's title (the seeder puts its id there). */
const demoSessions: Input<typeof courseSessions>[] = [
  {
    course: 'Initiation aux cryptomonnaies',
    startsAt: demoDay(9, 18),
    endsAt: demoDay(9, 20),
    online: true,
    link: 'https://meet.example.com/initiation-demo',
    seats: 30,
  },
  {
    course: 'Initiation aux cryptomonnaies',
    startsAt: demoDay(23, 18),
    endsAt: demoDay(23, 20),
    online: true,
    link: 'https://meet.example.com/initiation-demo-2',
    seats: 30,
  },
  {
    course: 'Sécuriser et gérer ses cryptoactifs',
    startsAt: demoDay(16),
    endsAt: demoDay(16, 17),
    place: 'Abomey-Calavi, quartier Zogbadjè (nos locaux)',
    seats: 8,
  },
];

export const demoData = {
  promoCodes: demoPromoCodes,
  settings: demoSettings,
  suppliers: demoSuppliers,
  products: demoProducts,
  services: demoServices,
  cryptoCourses: demoCourses,
  courseSessions: demoSessions,
  blogPosts: demoBlogPosts,
  trendingCryptos: demoTrendingCryptos,
  testimonials: demoTestimonials,
  deliveryOptions: demoDeliveryOptions,
  cryptoVerifications: demoCryptoVerifications,
  newsletterSubscribers: demoNewsletterSubscribers,
  contactMessages: demoContactMessages,
  expenses: demoExpenses,
};

/**
 * A demo order: the seeder looks up the products, the training sessions and the delivery option,
 * and computes prices and totals.
 */
export type DemoOrder = Omit<Input<typeof orders>, 'paymentMethod'> & {
  paymentMethod?: (typeof WEB_PAYMENT_METHODS)[number];
  /** A product by its index in the demo's list, or a training booked on a demo session. */
  lines: (({ productIndex: number } | { sessionIndex: number }) & { quantity: number })[];
  /** None for an order with nothing to carry (a training). */
  deliveryIndex?: number;
  /** Where the demo order stands; the seeder walks it there through the order process. */
  status?: OrderStatus;
  /** The box "offres par WhatsApp" at checkout. */
  marketingConsent?: boolean;
};

/** Index of a demo product by name; throws if the name is not in the list (keeps the orders below honest). */
function productIndex(name: string): number {
  const index = demoProducts.findIndex((p) => p.name === name);
  if (index < 0) throw new Error(`Demo order refers to an unknown product: ${name}`);
  return index;
}

function deliveryIndex(name: string): number {
  const index = demoDeliveryOptions.findIndex((d) => d.name === name);
  if (index < 0) throw new Error(`Demo order refers to an unknown delivery option: ${name}`);
  return index;
}

export const demoOrders: DemoOrder[] = [
  {
    customerName: 'Gérard Hounsou',
    phone: '+229 01 00 00 00 21',
    email: 'gerard.hounsou@example.com',
    city: 'Cotonou',
    address: 'Quartier Fidjrossè, rue de démonstration, maison au portail bleu',
    paymentMethod: 'mobile_money_on_delivery',
    status: 'delivered',
    marketingConsent: true,
    lines: [
      { productIndex: productIndex('Ordinateur portable 15,6 pouces Core i5 – 16 Go / SSD 512 Go'), quantity: 1 },
      { productIndex: productIndex('Ensemble clavier et souris sans fil AZERTY'), quantity: 1 },
    ],
    deliveryIndex: deliveryIndex('Livraison standard Grand Cotonou'),
  },
  {
    customerName: 'Awa Bachabi',
    phone: '+229 01 00 00 00 22',
    city: 'Cotonou',
    address: 'Quartier Gbégamey, près du marché (adresse de démonstration)',
    note: "Merci de m'appeler 30 minutes avant la livraison.",
    paymentMethod: 'cash_on_delivery',
    status: 'confirmed',
    lines: [
      { productIndex: productIndex('Smartphone 6,7 pouces 256 Go – double SIM, 5G'), quantity: 1 },
      { productIndex: productIndex('Batterie externe 20 000 mAh – charge rapide 22,5 W'), quantity: 2 },
    ],
    deliveryIndex: deliveryIndex('Livraison express'),
  },
  {
    customerName: 'Jonas Adjaho',
    phone: '+229 01 00 00 00 23',
    email: 'jonas.adjaho@example.com',
    city: 'Abomey-Calavi',
    address: 'Quartier Tankpè, von de la pharmacie (adresse de démonstration)',
    note: 'Je passerai récupérer la commande samedi matin.',
    paymentMethod: 'mobile_money_on_delivery',
    status: 'new',
    marketingConsent: true,
    lines: [
      { productIndex: productIndex('Portefeuille matériel crypto Essentiel USB-C'), quantity: 1 },
      { productIndex: productIndex('Plaque de sauvegarde en acier pour phrase de récupération'), quantity: 1 },
    ],
    deliveryIndex: deliveryIndex('Retrait en boutique'),
  },
  {
    customerName: 'Estelle Padonou',
    phone: '+229 01 00 00 00 24',
    city: 'Abomey-Calavi',
    address: 'Quartier Zogbadjè, derrière le campus (adresse de démonstration)',
    paymentMethod: 'cash_on_delivery',
    status: 'new',
    lines: [
      { productIndex: productIndex('Routeur 4G LTE Wi-Fi avec emplacement SIM'), quantity: 1 },
      { productIndex: productIndex('Écouteurs sans fil à réduction de bruit active'), quantity: 1 },
    ],
    deliveryIndex: deliveryIndex('Livraison standard Grand Cotonou'),
  },
  {
    // A customer who comes back, typing the number another way: one customer with two orders.
    customerName: 'Gérard Hounsou',
    phone: '01 00 00 00 21',
    email: 'gerard.hounsou@example.com',
    city: 'Cotonou',
    address: 'Quartier Fidjrossè, rue de démonstration, maison au portail bleu',
    paymentMethod: 'cash_on_delivery',
    status: 'shipped',
    marketingConsent: true,
    lines: [{ productIndex: productIndex('Batterie externe 20 000 mAh – charge rapide 22,5 W'), quantity: 1 }],
    deliveryIndex: deliveryIndex('Livraison standard Grand Cotonou'),
  },
  {
    // A training booked on its first session: the session's screen lists a participant.
    customerName: 'Mireille Tossou',
    phone: '+229 01 00 00 00 25',
    email: 'mireille.tossou@example.com',
    city: 'Porto-Novo',
    paymentMethod: 'mobile_money_on_delivery',
    status: 'confirmed',
    marketingConsent: true,
    lines: [{ sessionIndex: 0, quantity: 1 }],
  },
];
