import path from 'node:path';
import { build, type InlineConfig, type Rolldown } from 'vite';

/**
 * The dashboard's first load in as few files as the build allows (scripts/bundle-budget.mjs,
 * e2e/first-load.e2e.ts). Left to itself the bundler splits what the signed-in frame and the
 * dashboard import into one chunk per set of screens sharing it: some fifty files, most under
 * 2 KB, each answer carrying about 0.35 KB of status line and headers and compressed on its own
 * (a small file compresses worse). Every signed-in page load downloads the frame, so the modules
 * of those shared chunks go into one chunk (`app-<hash>.js`, with one stylesheet); the screens
 * opened later import it from there (already loaded). The screens' own chunks and the
 * translations per language stay as they are; the sign-in page's files too (it must not download
 * the app).
 *
 * Which modules those are is the bundler's own answer, not a guess from the import graph (a
 * package's index re-exports every component, used or not): a first build, written nowhere,
 * splits as usual, and its chunks name them.
 */

/** The chunks whose shared imports are merged: the app's start, the signed-in frame and the dashboard. */
export const FIRST_LOAD_ROOTS = ['app/start.tsx', 'app/Layout.tsx', 'features/dashboard/DashboardPage.tsx'];
/** The name of the merged chunk (`assets/app-<hash>.js`). */
export const MERGED_CHUNK = 'app';
/** Set while the first build runs, so the config it loads does not start another. */
export const PLAN_PASS_ENV = 'FIRST_LOAD_PLAN_PASS';

type Chunk = Rolldown.OutputChunk;

/**
 * The modules of every chunk that the roots import statically (and so load with them), less what
 * the entry page (index.html: the sign-in) loads and less the roots' own chunks.
 */
export function firstLoadModules(chunks: Chunk[], webRoot: string, roots = FIRST_LOAD_ROOTS): Set<string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: Chunk[]) => {
    const seen = new Set<Chunk>();
    const queue = [...start];
    while (queue.length) {
      const c = queue.pop()!;
      if (seen.has(c)) continue;
      seen.add(c);
      for (const f of c.imports) if (byFile.has(f)) queue.push(byFile.get(f)!);
    }
    return seen;
  };
  const entryPage = closure(chunks.filter((c) => c.isEntry));
  const rootIds = roots.map((r) => path.join(webRoot, r));
  const rootChunks = rootIds.map((id) => {
    const found = chunks.find((c) => c.facadeModuleId === id);
    if (!found) throw new Error(`first-load-chunks: no chunk for ${id}`);
    return found;
  });
  const modules = new Set<string>();
  for (const c of closure(rootChunks))
    if (!entryPage.has(c) && !rootChunks.includes(c) && !c.isDynamicEntry) for (const m of c.moduleIds) modules.add(m);
  return modules;
}

/** Runs the first build (nothing written) with the given config file and answers the modules to merge. */
export async function planFirstLoad(configFile: string, webRoot: string): Promise<Set<string>> {
  process.env[PLAN_PASS_ENV] = '1';
  try {
    const config: InlineConfig = { configFile, logLevel: 'silent', build: { write: false, emptyOutDir: false } };
    const output = await build(config);
    const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
    const chunks = outputs.flatMap((o) => o.output.filter((x): x is Chunk => x.type === 'chunk'));
    return firstLoadModules(chunks, webRoot);
  } finally {
    delete process.env[PLAN_PASS_ENV];
  }
}
