import { useQuery } from '@tanstack/react-query';
import { type RouterOutputs, trpc } from './trpc';

export type Settings = RouterOutputs['settings']['get'];

/** Business details (name, phone, WhatsApp, socials) for the header, footer and contact links. */
export function useSettings(): Settings | undefined {
  const { data } = useQuery({ queryKey: ['settings'], queryFn: () => trpc.settings.get.query(), staleTime: Infinity });
  return data;
}
