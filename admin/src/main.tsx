import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder until the admin issue lands.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      <h1>Espace administration</h1>
      <p>Le back-office arrive bientôt.</p>
    </main>
  </StrictMode>,
);
