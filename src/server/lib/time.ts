import { systemClock } from './clock.js';

/**
 * Unix seconds from the system clock. Code that serves a request takes the time from its
 * ServiceContext (`ctx.now`, from the app's Clock) instead, so that tests can move it.
 */
export const nowSeconds = (): number => systemClock.now();
