import fs from 'node:fs';
import { transform } from 'esbuild';
import type { Plugin } from 'vite';

const PER_LANGUAGE = /^(.*[\\/]i18n\.ts)\?lang=(en|ro)$/;

/**
 * Vite plugin: `…/i18n.ts?lang=ro` is that namespace file's texts in one language only, so a screen
 * downloads its translations in the reader's language and not both. A namespace file is plain data
 * (`export default { en: {...}, ro: {...} }`, type imports at most): it is compiled and run here,
 * and the chosen language is emitted as a literal.
 */
export function translationsPerLanguage(): Plugin {
  return {
    name: 'translations-per-language',
    enforce: 'pre',
    async load(id) {
      const match = PER_LANGUAGE.exec(id);
      if (!match) return null;
      const [, file, lang] = match;
      this.addWatchFile(file);
      const { code } = await transform(fs.readFileSync(file, 'utf8'), { loader: 'ts', format: 'esm' });
      const mod = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
        default?: Record<string, unknown>;
      };
      const texts = mod.default?.[lang];
      if (!texts || typeof texts !== 'object') this.error(`${file} has no default export with "${lang}" texts.`);
      return { code: `export default ${JSON.stringify(texts)};`, moduleType: 'js' };
    },
  };
}
