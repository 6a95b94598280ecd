/** Types for module-graph.js, for the tests (and any test over the real tree) written in TypeScript. */

/** How files fall into the graph's nodes (see nodeMapper in module-graph.js); paths relative to the root. */
export interface GraphOptions {
  /** Patterns whose every match is a node: `src/server/modules/*`, `src/server/*`. */
  groups?: string[];
  /** Folders where each file is a node by itself. */
  files?: string[];
  /** Globs of files left out of the graph (default: tests, `**\/*.test.ts(x)`). */
  ignore?: string[];
  /** Whether type-only imports count (default true). */
  typeImports?: boolean;
}

export const DEFAULT_IGNORE: string[];

/** Every cycle of the graph under `root`, one line each (`a → b → a (b/x.ts imports a/y.ts; ...)`), sorted; [] when there is none. */
export function moduleCycles(root: string, options: GraphOptions): string[];

/** The graph read from disk: each node, the nodes it imports, and for each the first import that shows it. */
export function importGraph(
  root: string,
  options: GraphOptions,
): {
  nodeOf: (file: string) => string | null;
  known: Set<string>;
  edges: Map<string, Map<string, { from: string; to: string }>>;
};
