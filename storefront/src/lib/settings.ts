import { SHOP_RULES } from '@app/shared/labels';
import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from './trpc';
import { api, queries } from './queries';

export type Settings = RouterOutputs['settings']['get'];

/** Business details (name, phone, WhatsApp, socials) for the header, footer and contact links. */
export function useSettings(): Settings | undefined {
  const { data } = useQuery(queries.settings(api));
  return data;
}

/** The most units of one article an order may hold (Paramètres; the server applies it too). */
export function useMaxPerLine(): number {
  return useSettings()?.maxQuantityPerLine ?? SHOP_RULES.maxQuantityPerLine;
}
