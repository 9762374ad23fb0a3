import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { CartProvider } from '../modules/cart/CartProvider';
import { AppRoutes } from './AppRoutes';

/** The whole storefront under a router: the browser's (main.tsx) or the server's (entry-server.tsx). */
export function App({ queryClient, router: Router }: { queryClient: QueryClient; router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <CartProvider>
          <Router>
            <AppRoutes />
          </Router>
        </CartProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
