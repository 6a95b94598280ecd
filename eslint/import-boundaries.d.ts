import type { ESLint } from 'eslint';

/** The project's ESLint plugin (import-boundaries.js): its rules import-boundaries, module-entry and no-module-cycles. */
declare const plugin: ESLint.Plugin;
export default plugin;
