import { describe, expect, it } from 'vitest';
import { configureZod } from './zodConfig';

describe('configureZod', () => {
  it('sets jitless where Zod reads its settings, without importing Zod first', async () => {
    configureZod();
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    // Zod's validators still validate.
    const { z } = await import('zod');
    expect(z.object({ n: z.number() }).safeParse({ n: 'x' }).success).toBe(false);
  });
});
