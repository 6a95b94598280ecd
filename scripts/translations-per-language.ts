import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const PER_LANGUAGE = /^(.*[\\/]i18n\.ts)\?lang=(en|ro)$/;

/**
 * Vite plugin: `…/i18n.ts?lang=ro` is that namespace file's texts in one language only, so a screen
 * downloads its translations in the reader's language and not both. A namespace file is plain data
 * (`export default { en: {...}, ro: {...} }`), or data put together from files of plain data (a
 * feature's rooms' texts, joined by lib/texts.ts `byLanguage`): it is bundled and run here, and the
 * chosen language is emitted as a literal.
 */
export function translationsPerLanguage(): Plugin {
  return {
    name: 'translations-per-language',
    enforce: 'pre',
    async load(id) {
      const match = PER_LANGUAGE.exec(id);
      if (!match) return null;
      const [, file, lang] = match;
      const { outputFiles, metafile } = await build({
        entryPoints: [file],
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'neutral',
        metafile: true,
        logLevel: 'silent',
      });
      for (const input of Object.keys(metafile.inputs)) this.addWatchFile(path.resolve(input));
      const code = outputFiles[0].text;
      const mod = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
        default?: Record<string, unknown>;
      };
      const texts = mod.default?.[lang];
      if (!texts || typeof texts !== 'object') this.error(`${file} has no default export with "${lang}" texts.`);
      return { code: `export default ${JSON.stringify(texts)};`, moduleType: 'js' };
    },
  };
}
