import { z } from 'zod';

/**
 * A field the public forms render hidden from people: only bots fill it in.
 * Forms send it empty (or not at all); anything else is refused.
 */
export const honeypot = { website: z.string().max(0, 'Envoi refusé.').optional() };
