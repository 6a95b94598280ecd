// First: Zod's settings, before any module that builds a schema (Zod is not in the first download).
import './zodConfig';
import './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

/** Starts the React app in #root (main.ts loads this module for a visitor with a session). */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
