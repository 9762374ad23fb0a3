/**
 * A count with its words in French: singular for 0 and 1 ("0 commande livrée"), plural from 2
 * ("2 commandes livrées"), never "commande(s)".
 */
export const countOf = (n: number, singular: string, plural: string) => `${n} ${Math.abs(n) < 2 ? singular : plural}`;
