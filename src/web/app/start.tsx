import './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The config alone, from Zod's core: importing `z` here would put all of Zod in the first download.
import { config as zodConfig } from 'zod/v4/core';
import { App } from './App';

// Zod probes for eval (new Function) to compile faster validators; the Content-Security-Policy
// forbids it, so every page load logged a violation. Interpreted validation is fast enough here.
zodConfig({ jitless: true });

/** Starts the React app in #root (main.ts loads this module for a visitor with a session). */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
