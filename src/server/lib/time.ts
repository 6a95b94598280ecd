import { systemClock } from './clock.js';

/**
 * Unix seconds from the system clock, for tests that write rows directly. Code that serves a
 * request takes the time from its ServiceContext (`ctx.now`, from the app's Clock); the seed and
 * the CLI take a Clock.
 */
export const nowSeconds = (): number => systemClock.now();
