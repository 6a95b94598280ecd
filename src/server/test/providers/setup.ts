import { afterAll, beforeAll, beforeEach } from 'vitest';
import { manualClock, type ManualClock } from '../../lib/clock.js';
import { memoryTokenStore, type TokenStore } from '../../providers/http.js';
import type { ClientDeps } from '../../providers/shared.js';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulators/kit.js';

/**
 * Starts one emulator alone on a local port for a test file (real HTTP, the live transport, no
 * network beyond 127.0.0.1) with a manual clock, and hands out client dependencies pointing at it.
 * State and faults are reset before each test; the token cache too.
 */
export function emulatorHarness<E extends Emulator>(create: (o: EmulatorOptions) => E, basePath: string) {
  const clock: ManualClock = manualClock();
  const emulator = create({ clock, hangMs: 2_000 });
  let origin = '';
  let close: () => Promise<void> = async () => undefined;
  let tokens: TokenStore = memoryTokenStore();

  beforeAll(async () => {
    const started = await startEmulator(emulator);
    origin = started.origin;
    close = started.close;
  });
  afterAll(() => close());
  beforeEach(async () => {
    await emulator.reset();
    tokens = memoryTokenStore();
  });

  return {
    clock,
    emulator,
    get baseUrl() {
      return `${origin}/emulators/${emulator.name}${basePath}`;
    },
    /** Client dependencies; timeout tests pass a short `timeoutMs` (the fault holds a request 2 s). */
    deps(extra: Partial<ClientDeps['http']> = {}): ClientDeps {
      return {
        baseUrl: this.baseUrl,
        clock,
        tokens,
        http: { timeoutMs: 5_000, readRetries: 1, retryDelayMs: 5, ...extra },
      };
    },
  };
}
