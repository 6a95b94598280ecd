import './app/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/App';

// Zod probes for eval (new Function) to compile faster validators; the Content-Security-Policy
// forbids it, so every page load logged a violation. Interpreted validation is fast enough here.
z.config({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
