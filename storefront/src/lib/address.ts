import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * A record's page reached by an earlier address (a slug it had before it was renamed, or its id)
 * within the app: shows its current address, handing the record over so it is not asked again.
 * (Opened from outside, such an address gets a 301 from the server before any of this.)
 */
export function useCurrentAddress<T extends { slug: string }>(
  key: string,
  record: T | undefined,
  path: (record: T) => string,
  queryKey: (slug: string) => QueryKey,
) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const moved = record && record.slug !== key.toLowerCase() ? record : null;
  useEffect(() => {
    if (!moved) return;
    client.setQueryData(queryKey(moved.slug), moved);
    void navigate(path(moved), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per record reached by an old address
  }, [moved]);
}
