import { describe, it, expect } from 'vitest';
import { mediaSources } from '../../shared/src/format/media';
import { formatXOF } from '../../shared/src/format/money';
import { SLUG_MAX_LENGTH, slugify } from '../../shared/src/format/slugify';
import { displayPhone, telLink, whatsappLink } from '../../shared/src/format/whatsapp';
import * as format from '../../shared/src/format';

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// The exact separators Node 20's ICU prints for fr-FR / XOF.
const NNBSP = '\u202F'; // narrow no-break space: thousands groups and inside "F CFA"
const NBSP = '\u00A0'; // no-break space: between the number and the currency

describe('formatXOF', () => {
  it('formats 0', () => {
    expect(formatXOF(0)).toBe(`0${NBSP}F${NNBSP}CFA`);
  });

  it('formats 15000 in whole francs, with a narrow no-break space as group separator', () => {
    expect(formatXOF(15000)).toBe(`15${NNBSP}000${NBSP}F${NNBSP}CFA`);
    expect(formatXOF(15000)).not.toBe('15 000 F CFA');
  });

  it('keeps two decimals for the rare amount entered with cents', () => {
    expect(formatXOF(1234.5)).toBe(`1${NNBSP}234,50${NBSP}F${NNBSP}CFA`);
  });

  it('formats millions', () => {
    expect(formatXOF(1_250_000)).toBe(`1${NNBSP}250${NNBSP}000${NBSP}F${NNBSP}CFA`);
  });

  it('formats a negative amount with a leading minus', () => {
    expect(formatXOF(-2500)).toBe(`-2${NNBSP}500${NBSP}F${NNBSP}CFA`);
  });

  it('rounds to two decimals', () => {
    expect(formatXOF(9.999)).toBe(`10${NBSP}F${NNBSP}CFA`);
    expect(formatXOF(0.1 + 0.2)).toBe(`0,30${NBSP}F${NNBSP}CFA`);
  });

  it('never prints a negative zero', () => {
    expect(formatXOF(-0)).toBe(`0${NBSP}F${NNBSP}CFA`);
    expect(formatXOF(-0.001)).toBe(`0${NBSP}F${NNBSP}CFA`);
    expect(formatXOF(-0.01)).toBe(`-0,01${NBSP}F${NNBSP}CFA`);
  });

  it('writes what Intl.NumberFormat writes for fr-FR, from a centime to the largest amount', () => {
    const whole = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'XOF', maximumFractionDigits: 0 });
    const cents = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'XOF', minimumFractionDigits: 2 });
    const intl = (amount: number) => {
      const rounded = Math.abs(amount) < 0.005 ? 0 : Math.round(amount * 100) / 100;
      return (Number.isInteger(rounded) ? whole : cents).format(rounded);
    };
    const amounts = [0.01, 0.5, 1, 12, 999, 1000, 99_999.99, 100_000, 123_456_789.12, 9_999_999_999.99];
    for (let digits = 1; digits <= 10; digits++) amounts.push(10 ** digits - 1, 10 ** digits, 10 ** (digits - 1) * 7.35);
    for (let i = 0; i < 2000; i++) amounts.push(Math.round(Math.random() * 10 ** (1 + (i % 12))) / (i % 3 === 0 ? 100 : 1));
    for (const amount of [...amounts, ...amounts.map((a) => -a)]) expect(formatXOF(amount), String(amount)).toBe(intl(amount));
  });
});

describe('slugify', () => {
  it.each([
    ["L'été du Bitcoin", 'l-ete-du-bitcoin'],
    ['L’été du Bitcoin', 'l-ete-du-bitcoin'],
    ['Bonjour le monde', 'bonjour-le-monde'],
    ['Guide complet : acheter du Bitcoin !', 'guide-complet-acheter-du-bitcoin'],
    ['Français, élève, Noël, garçon', 'francais-eleve-noel-garcon'],
    ['Œuvre et Cæsar', 'oeuvre-et-caesar'],
    ['œuf ÆTHER straße', 'oeuf-aether-strasse'],
    ['ÀÂÄ ÉÈÊË ÎÏ ÔÖ ÙÛÜ Ÿ Ç', 'aaa-eeee-ii-oo-uuu-y-c'],
    ["Aujourd'hui", 'aujourd-hui'],
    ['  Espaces   multiples\tet\nretours  ', 'espaces-multiples-et-retours'],
    ['Wi-Fi 6 -- rapide', 'wi-fi-6-rapide'],
    ['Achat/Vente de cryptos', 'achat-vente-de-cryptos'],
    ['mot_clé', 'mot-cle'],
    ['Prix : 15.000 F', 'prix-15000-f'],
    ['Node.js (v20)', 'nodejs-v20'],
    ['« Guillemets » et — tirets —', 'guillemets-et-tirets'],
    ['Bitcoin 🚀 Ethereum', 'bitcoin-ethereum'],
    ['Top 10 des cryptos en 2024', 'top-10-des-cryptos-en-2024'],
    ['ﬁnance²', 'finance2'],
    ['-déjà-', 'deja'],
  ])('%j → %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it.each(['', '   ', '!!!', "'’-–—…?!", '¿¡«»', '🚀🌙'])('returns an empty string for %j', (input) => {
    expect(slugify(input)).toBe('');
  });

  it('always matches the slug pattern', () => {
    for (const input of ["L'été", 'A -- B', '--x--', 'Ça va ? Oui !', 'x'.repeat(300), 'ab '.repeat(100)]) {
      expect(slugify(input)).toMatch(SLUG_PATTERN);
    }
  });

  it('is idempotent', () => {
    const once = slugify("L'été du Bitcoin : 5 astuces");
    expect(slugify(once)).toBe(once);
  });

  it('caps at 120 characters, cutting between words', () => {
    // "crypto-" is 7 chars, so the 18th word starts at index 119 and the 120-char cut splits it.
    const slug = slugify('crypto '.repeat(30));
    expect(SLUG_MAX_LENGTH).toBe(120);
    expect(slug).toBe(Array(17).fill('crypto').join('-'));
    expect(slug.length).toBe(118);
  });

  it('keeps exactly 120 characters when the cut falls on a boundary', () => {
    const words = Array(15).fill('abcdefg').join(' '); // 15 × 7 + 14 = 119
    expect(slugify(`${words}x yz`)).toHaveLength(120);
    expect(slugify(`${words} yz`)).toBe(Array(15).fill('abcdefg').join('-'));
  });

  it('never ends with a hyphen after truncation', () => {
    for (let n = 110; n <= 125; n++) {
      const slug = slugify(`${'a'.repeat(n)} bcd`);
      expect(slug.length).toBeLessThanOrEqual(120);
      expect(slug).toMatch(SLUG_PATTERN);
    }
  });

  it('hard-cuts a single word longer than the limit', () => {
    expect(slugify('x'.repeat(300))).toBe('x'.repeat(120));
  });

  it('keeps a slug of exactly 120 characters untouched', () => {
    const slug = `${'a'.repeat(59)}-${'b'.repeat(60)}`;
    expect(slugify(slug)).toBe(slug);
  });
});

describe('displayPhone', () => {
  it('shows a stored Benin number in pairs, others as stored', () => {
    expect(displayPhone('+2290197123456')).toBe('+229 01 97 12 34 56');
    expect(displayPhone('+33612345678')).toBe('+33612345678');
  });
});

describe('whatsappLink', () => {
  it('keeps digits only', () => {
    expect(whatsappLink('+229 01 97 00 00 00')).toBe('https://wa.me/2290197000000');
    expect(whatsappLink('(+229) 01-97.00.00.00')).toBe('https://wa.me/2290197000000');
  });

  it('reaches a national Benin number through +229 (wa.me needs the international number)', () => {
    expect(whatsappLink('01 97 12 34 56')).toBe('https://wa.me/2290197123456');
    expect(whatsappLink('00229 01 97 12 34 56')).toBe('https://wa.me/2290197123456');
  });

  it('adds the encoded message', () => {
    expect(whatsappLink('+229 97000000', "Bonjour, je veux l'offre à 15 000 F & plus ?")).toBe(
      "https://wa.me/22997000000?text=Bonjour%2C%20je%20veux%20l'offre%20%C3%A0%2015%20000%20F%20%26%20plus%20%3F",
    );
  });

  it('encodes line breaks and hashes', () => {
    expect(whatsappLink('22997000000', 'Commande #12\nMerci')).toBe('https://wa.me/22997000000?text=Commande%20%2312%0AMerci');
  });

  it('omits the text parameter for a missing, empty or blank message', () => {
    expect(whatsappLink('22997000000', undefined)).toBe('https://wa.me/22997000000');
    expect(whatsappLink('22997000000', '')).toBe('https://wa.me/22997000000');
    expect(whatsappLink('22997000000', '   ')).toBe('https://wa.me/22997000000');
  });
});

describe('telLink', () => {
  it('keeps a leading plus', () => {
    expect(telLink('+229 01 97 00 00 00')).toBe('tel:+2290197000000');
    expect(telLink('  +229 97 00 00 00')).toBe('tel:+22997000000');
    expect(telLink('(+229) 97-00-00-00')).toBe('tel:+22997000000');
  });

  it('always dials internationally: a national Benin number gets +229, 00 becomes +', () => {
    expect(telLink('01 97 00 00 00')).toBe('tel:+2290197000000');
    expect(telLink('00229 01 97 00 00 00')).toBe('tel:+2290197000000');
  });

  it('ignores a plus that is not leading', () => {
    expect(telLink('229 + 97000000')).toBe('tel:22997000000');
  });
});

describe('format index', () => {
  it('re-exports every formatter, including today()', () => {
    expect(format.formatXOF).toBe(formatXOF);
    expect(format.slugify).toBe(slugify);
    expect(format.whatsappLink).toBe(whatsappLink);
    expect(format.telLink).toBe(telLink);
    expect(format.today(new Date('2024-03-10T23:30:00Z'))).toBe('2024-03-11');
  });
});

describe('mediaSources', () => {
  const id = 'a'.repeat(32);
  it('derives the srcset of an uploaded photo from its largest variant', () => {
    expect(mediaSources(`/media/${id}/1280.webp`)).toEqual({
      id,
      widths: [320, 640, 960, 1280],
      src: `/media/${id}/640.webp`,
      srcset: [320, 640, 960, 1280].map((w) => `/media/${id}/${w}.webp ${w}w`).join(', '),
      preview: `/media/${id}/1200.jpg`,
    });
    expect(
      mediaSources(`/media/${id}/1000.webp`)
        ?.srcset.split(', ')
        .map((s) => s.split(' ')[1]),
    ).toEqual(['320w', '640w', '960w', '1000w']);
    expect(mediaSources(`/media/${id}/250.webp`)).toMatchObject({ src: `/media/${id}/250.webp`, srcset: `/media/${id}/250.webp 250w` });
  });
  it('leaves any other address alone', () => {
    for (const url of ['/media/demo/casque.svg', 'https://exemple.example/a.jpg', `/media/${id}/1200.jpg`, null, ''])
      expect(mediaSources(url)).toBeNull();
  });
});

describe('dates', () => {
  // Moments over six years, at every hour and odd minutes: month and year ends, leap days, midnight in Benin.
  const moments: Date[] = [new Date('2024-02-29T23:00:00Z'), new Date('2026-12-31T23:30:00Z'), new Date('2027-01-01T00:00:00Z')];
  for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2030, 0, 1); t += 37 * 60 * 60 * 1000 + 7 * 60 * 1000) moments.push(new Date(t));

  // A moment in Benin time, with its weekday (a session) and without (an order's history).
  const moment = {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Porto-Novo',
  } as const;
  it.each([
    ['longDateTime', format.longDateTime, { weekday: 'long', ...moment }, ['2026-12-12T08:00:00Z', 'samedi 12 décembre 2026 à 09:00']],
    ['dateTime', format.dateTime, moment, ['2026-12-31T23:30:00Z', '1 janvier 2027 à 00:30']],
  ] as const)('%s says a moment as Intl.DateTimeFormat does for fr-FR in Benin time', (_, said, options, [at, text]) => {
    const intl = new Intl.DateTimeFormat('fr-FR', options);
    for (const m of moments) expect(said(m), m.toISOString()).toBe(intl.format(m));
    expect(said(at)).toBe(text);
  });

  it('says a calendar day as Intl.DateTimeFormat does for fr-FR', () => {
    const intl = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (const moment of moments) expect(format.dayMonthYear(moment), moment.toISOString()).toBe(intl.format(moment));
    expect(format.dayMonthYear(new Date('2026-08-01T00:00:00Z'))).toBe('1 août 2026');
  });
});

describe('countOf', () => {
  it('says a count in French: singular up to one, plural from two, never "(s)"', () => {
    const orders = (n: number) => format.countOf(n, 'commande livrée', 'commandes livrées');
    expect([0, 1, 2, 12].map(orders)).toEqual(['0 commande livrée', '1 commande livrée', '2 commandes livrées', '12 commandes livrées']);
  });
});

describe('parseOpeningHours', () => {
  const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
  it.each([
    ['Lundi-Vendredi 08:00-18:30', { days: week, opens: '08:00', closes: '18:30' }],
    ['lun au ven 8h-18h', { days: week, opens: '08:00', closes: '18:00' }],
    ['Du mercredi', null],
    ['Samedi : 9h30 à 13h', { days: ['Saturday'], opens: '09:30', closes: '13:00' }],
    ['Dimanche 10 h - 12 h', { days: ['Sunday'], opens: '10:00', closes: '12:00' }],
    ['Mer. 14:00–24:00', { days: ['Wednesday'], opens: '14:00', closes: '24:00' }],
  ])('reads « %s »', (line, read) => {
    expect(format.parseOpeningHours(line)).toEqual(read);
  });

  it.each(['Vendredi-Lundi 08:00-18:00', 'Lundi 18:00-08:00', 'Lundi 25h-26h', 'Monday 08:00-18:00', 'Toujours ouvert', 'Lu 8h-9h'])(
    'refuses « %s » with an example of what it reads',
    (line) => {
      expect(format.parseOpeningHours(line)).toBeNull();
      expect(format.openingHoursError(line)).toMatch(/par exemple « Lundi-Vendredi 08:00-18:30 »/);
    },
  );
});

describe('groupDigits', () => {
  it('groups whole digits by three as fr-FR does, with narrow no-break spaces', () => {
    const intl = new Intl.NumberFormat('fr-FR');
    for (const n of [0, 999, 1000, 10_000, 1_234_567]) expect(format.groupDigits(n)).toBe(intl.format(n));
    expect(format.groupDigits(10_000)).toBe('10\u202f000');
  });
});
