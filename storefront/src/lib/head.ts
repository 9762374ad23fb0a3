import { createContext, useContext } from 'react';

/**
 * What the server needs from a page it renders, besides its HTML: the tab title and the HTTP
 * status (404 for the not-found page). Written during render, on the server only.
 */
export interface Head {
  title?: string;
  status?: number;
}

export const HeadContext = createContext<Head | null>(null);

export const useHead = () => useContext(HeadContext);
