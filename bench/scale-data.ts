// The shop grown large, as bench/scale.ts and bench/two-years.ts build it: a few statements of
// generate_series run over a seeded demo shop.

/**
 * The large shop, added to the demo one in a few statements: at `scale` 1, 200,000 orders over two
 * years; at 0.25 (PGlite), 50,000 over the same two years, and a quarter of everything else.
 */
export const grow = (scale: number) => {
  const n = (count: number) => Math.round(count * scale);
  return `
INSERT INTO course_sessions (course, starts_at, place, seats)
SELECT (SELECT id FROM crypto_courses ORDER BY created_at LIMIT 1), now() + g * interval '7 days', 'Cotonou, salle ' || g, 1000
FROM generate_series(1, 20) g;
INSERT INTO products (id, name, slug, short_description, description, price, category, stock)
SELECT ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
       'Article ' || g || ' ' || left(md5(g::text), 6), 'article-' || g, 'Modèle ' || left(md5((-g)::text), 10), '<p>Description</p>',
       1000 + g % 500000, (ARRAY['computers','phones','accessories','networking','audio','wallets'])[1 + g % 6], g % 40
FROM generate_series(1, ${n(20000)}) g;
INSERT INTO orders (customer_name, phone, city, address, items, subtotal, delivery_cost, total, payment_method, status, payment_status,
                    idempotency_key, tracking_token, created_at, marketing_consent)
SELECT (ARRAY['Afi','Kossi','Awa','Koffi','Rachida','Bienvenu','Sèna','Mahougnon'])[1 + g % 8] || ' ' || (ARRAY['Dossou','Agbo','Houngbo','Zinsou','Bello','Adjovi'])[1 + g % 6] || ' ' || g,
       '+22901' || (90000000 + g % 60000), (ARRAY['Cotonou','Porto-Novo','Parakou','Abomey-Calavi'])[1 + g % 4], 'Quartier ' || g,
       -- 5,000 different articles of the catalogue sold (a broad shop); one order in 50 books a training's session
       CASE WHEN g % 50 = 0
         THEN jsonb_build_array(jsonb_build_object('id', (SELECT course FROM course_sessions LIMIT 1), 'type', 'course', 'name', 'Formation',
                                                   'unitPrice', 5000, 'quantity', 1 + g % 3,
                                                   'sessionId', (SELECT id FROM course_sessions ORDER BY starts_at OFFSET (g / 50) % 20 LIMIT 1)))
         ELSE jsonb_build_array(jsonb_build_object('id', ('00000000-0000-4000-8000-' || lpad((1 + g % ${n(5000)})::text, 12, '0'))::uuid, 'type', 'product',
                                            'name', 'Article ' || (1 + g % ${n(5000)}), 'unitPrice', 5000, 'quantity', 1 + g % 3)) END,
       5000 * (1 + g % 3), 2000, 5000 * (1 + g % 3) + 2000, (ARRAY['cash_on_delivery','mobile_money_on_delivery','mobile_money_online'])[1 + g % 3],
       (ARRAY['new','confirmed','shipped','delivered','delivered','delivered','cancelled'])[1 + g % 7],
       (ARRAY['pending','paid','paid'])[1 + g % 3], 'bulk-' || g, md5('t' || g) || md5('u' || g),
       now() - (g * ${315 / scale}) * interval '1 second', g % 5 = 0
FROM generate_series(1, ${n(200000)}) g;
-- What the shop sent over two years: 400,000 mails, and the normalized invoices of 150,000 orders.
INSERT INTO outbox (channel, recipient, subject, status, attempts, sent_at, payload, created_at, updated_at)
SELECT 'mail', 'client' || g || '@exemple.bj', 'Votre commande CMD-' || lpad(g::text, 6, '0') || ' est bien reçue', 'sent', 1,
       now() - g * interval '${150 / scale} seconds', '{"to":"x","subject":"x","text":"x"}'::jsonb, now() - g * interval '${150 / scale} seconds',
       now() - g * interval '${150 / scale} seconds'
FROM generate_series(1, ${n(400000)}) g;
INSERT INTO invoices (order_id, type, status, request, totals, code_mecef, created_at)
SELECT id, 'FV', 'confirmed', '{}'::jsonb, '{}'::jsonb, 'TEST-' || left(md5(id::text), 20), created_at
FROM orders ORDER BY created_at DESC LIMIT ${n(150000)};
INSERT INTO newsletter_subscribers (email, created_at)
SELECT 'abonne' || g || '@exemple.bj', now() - g * interval '${10 / scale} minutes' FROM generate_series(1, ${n(50000)}) g;
INSERT INTO blog_posts (title, slug, excerpt, content, author, date, published)
SELECT 'Article de blog ' || g, 'billet-' || g, 'Résumé ' || g, '<p>Texte</p>', 'La rédaction', (current_date - (g % 700)), true
FROM generate_series(1, ${n(5000)}) g;
`;
};

/**
 * What two years of a busy shop add besides (issue 58), at `scale` 1: 150,000 counter sales over
 * 700 cash days, 1,000,000 audit entries by twelve members (within the year the journal keeps), and
 * 100,000 WhatsApp messages with 3,000 phones.
 */
export const growMore = (scale: number) => {
  const n = (count: number) => Math.round(count * scale);
  return `
INSERT INTO orders (customer_name, phone, items, subtotal, delivery_cost, total, payment_method, status, payment_status,
                    idempotency_key, tracking_token, created_at, channel)
SELECT 'Client comptoir', CASE WHEN g % 4 = 0 THEN '+22901' || (80000000 + g % 20000) END,
       jsonb_build_array(jsonb_build_object('id', ('00000000-0000-4000-8000-' || lpad((1 + (g * 7) % ${n(5000)})::text, 12, '0'))::uuid,
                                            'type', 'product', 'name', 'Article ' || (1 + (g * 7) % ${n(5000)}), 'unitPrice', 3000,
                                            'quantity', 1 + g % 2)),
       3000 * (1 + g % 2), 0, 3000 * (1 + g % 2), (ARRAY['cash','mobile_money'])[1 + g % 2], 'delivered', 'paid',
       'comptoir-' || g, md5('c' || g) || md5('d' || g),
       date_trunc('day', now()) - ((g * 700) / ${n(150000)}) * interval '1 day' + interval '8 hours' + (g % 600) * interval '1 minute',
       'counter'
FROM generate_series(1, ${n(150000)}) g;
INSERT INTO audit_log (actor, role, action, record, changes, created_at)
SELECT 'membre' || (g % 12) || '@boutique.bj', (ARRAY['owner','manager','seller','courier'])[1 + g % 4],
       (ARRAY['Commande — livrée','Vente au comptoir','Produit — modifié','Connexion'])[1 + g % 4], 'CMD-' || lpad((g % 200000)::text, 6, '0'),
       'Statut : Nouvelle → Livrée', now() - (g * ${(360 * 86400) / 1_000_000 / scale}) * interval '1 second'
FROM generate_series(1, ${n(1000000)}) g;
INSERT INTO whatsapp_messages (phone, direction, body, status, created_at, status_at)
SELECT '+22901' || (90000000 + g % ${n(3000)}), (ARRAY['in','out'])[1 + g % 2], 'Bonjour, ma commande ' || g, (ARRAY['received','read'])[1 + g % 2],
       now() - g * interval '${600 / scale} seconds', now() - g * interval '${600 / scale} seconds'
FROM generate_series(1, ${n(100000)}) g;
-- The catalogue written over the two years, not all at once.
UPDATE products SET updated_at = now() - (abs(hashtext(id::text)) % 700) * interval '1 day' WHERE slug LIKE 'article-%';
-- The newsletter's 50,000 subscribers (at any scale: a letter's sending is measured whole), all confirmed.
INSERT INTO newsletter_subscribers (email, created_at)
SELECT 'lecteur' || g || '@exemple.bj', now() - g * interval '1 minute' FROM generate_series(1, ${50000 - n(50000)}) g;
UPDATE newsletter_subscribers SET confirmed_at = created_at WHERE confirmed_at IS NULL;
`;
};
