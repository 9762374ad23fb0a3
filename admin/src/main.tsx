// First: a repeat visit's requests leave before React DOM has run (signin/early.ts).
import './signin/early';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './signin/Root';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
