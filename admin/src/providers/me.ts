import { useQuery } from '@tanstack/react-query';
import { currentAdmin } from './session';

/** Who is signed in (null: nobody), for every screen: one answer shared with the entry's check. */
export const useMe = () => useQuery({ queryKey: ['me'], queryFn: currentAdmin, staleTime: 60_000 });
