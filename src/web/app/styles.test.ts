import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Mantine's stylesheet is imported per component in two parts (styles.ts for the first screens,
 * screenStyles.ts for the rest): together they must be all of it, each file once, in the order of
 * styles.css, so that no component is left unstyled and the cascade is Mantine's (after an upgrade
 * that adds a component, this fails until its file is listed).
 */
const STYLES = path.resolve('node_modules/@mantine/core/styles');
const imported = (file: string) =>
  [...fs.readFileSync(path.join(import.meta.dirname, file), 'utf8').matchAll(/'@mantine\/core\/styles\/([^']+)'/g)].map(
    (m) => m[1],
  );
const whole = fs.readFileSync(path.resolve('node_modules/@mantine/core/styles.css'), 'utf8');
/** Where a component's file sits in styles.css. */
const position = (file: string) => whole.indexOf(fs.readFileSync(path.join(STYLES, file), 'utf8').trim().slice(0, 300));

describe("Mantine's stylesheet per component", () => {
  const first = imported('styles.ts');
  const rest = imported('screenStyles.ts');

  it('the two parts are every component file of Mantine, once', () => {
    const all = fs.readdirSync(STYLES).filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'));
    expect([...first, ...rest].sort()).toEqual(all.sort());
  });

  it('each part keeps the order of styles.css, the base first', () => {
    expect(first.slice(0, 3)).toEqual(['baseline.css', 'default-css-variables.css', 'global.css']);
    for (const part of [first, rest]) {
      const at = part.map(position);
      expect(at.every((p) => p >= 0)).toBe(true);
      expect(at).toEqual([...at].sort((a, b) => a - b));
    }
  });
});
