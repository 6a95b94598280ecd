import { configure } from '@testing-library/dom';
import { vi } from 'vitest';

// findBy* and waitFor wait up to 5 s (1 s by default): on a loaded 2-core machine a Mantine dialog's
// closing transition alone took longer, and a test that waits for it failed though the screen was right.
configure({ asyncUtilTimeout: 5000 });

/**
 * Runs before each unit test file. The unit files share their worker's modules and DOM
 * (vitest.config.ts), so each starts as if alone: whatever an earlier file left mounted is
 * unmounted, the page and storage emptied, and the clock, globals, environment and spies restored.
 */
vi.useRealTimers();
vi.restoreAllMocks();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('lang');
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
}
