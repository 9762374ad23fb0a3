import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/AppRoutes';
import { queryClient } from './lib/query';
import { CartProvider } from './modules/cart/CartProvider';

const root = createRoot(document.getElementById('root')!);
// A transition lets React render the first screen in small slices instead of one long task,
// so a slow phone stays responsive while the app starts (Lighthouse's total blocking time).
startTransition(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <CartProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </CartProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
});
