import { placeholderFields, SHOP_RULES } from '@app/shared/labels';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RouterOutputs } from './trpc';
import { api, queries } from './queries';

export type Settings = RouterOutputs['settings']['get'];

/**
 * Business details (name, phone, WhatsApp, socials) for the header, footer and contact links. A
 * contact still at a new shop's example value (Paramètres not filled yet) comes empty: the pages
 * then show no phone, e-mail, address or WhatsApp button, rather than a made-up one.
 */
export function useSettings(): Settings | undefined {
  const { data } = useQuery(queries.settings(api));
  return useMemo(() => {
    if (!data) return data;
    const examples = placeholderFields(data).filter((key) => key === 'phone' || key === 'whatsapp' || key === 'email' || key === 'address');
    return examples.length ? { ...data, ...Object.fromEntries(examples.map((key) => [key, ''])) } : data;
  }, [data]);
}

/** The most units of one article an order may hold (Paramètres; the server applies it too). */
export function useMaxPerLine(): number {
  return useSettings()?.maxQuantityPerLine ?? SHOP_RULES.maxQuantityPerLine;
}

const SAVED = 'shop-settings';

/**
 * The shop's details as last seen, kept on the phone for a page it opens without the server's
 * data (offline, a page never seen gets the bare app): the header and footer keep the shop's name
 * and phone. A page from the server brings them and they are saved; the bare app starts from the
 * saved ones and asks again when the connection allows.
 */
export function keepSettings(client: QueryClient) {
  const { queryKey } = queries.settings(api);
  try {
    const known = client.getQueryData(queryKey);
    if (known) return localStorage.setItem(SAVED, JSON.stringify(known));
    const saved = localStorage.getItem(SAVED);
    if (!saved) return;
    client.setQueryData(queryKey, JSON.parse(saved) as Settings);
    void client.invalidateQueries({ queryKey });
  } catch {
    // Storage refused (private mode, full): the details come from the network as before.
  }
}
