/**
 * The part of GraphQL an emulated GraphQL API needs (Shopify's Admin API): a document parsed into
 * its operation, variables bound, a result projected onto what was selected, and the cost of the
 * selection counted as Shopify counts it. No schema: resolvers answer objects whose fields are
 * values, or functions of the field's arguments; a field an object does not have is the error
 * Shopify gives for it (`Field 'x' doesn't exist on type 'Order'`).
 *
 * Supported: `query`/`mutation` (named or not), variables with defaults, aliases, arguments of any
 * literal (string, number, boolean, null, enum, list, object), inline fragments (`... on T`, taken
 * as always applying). Not supported: named fragments, directives (refused with a syntax error).
 */

export type GqlValue = string | number | boolean | null | GqlValue[] | { [k: string]: GqlValue } | GqlEnum | GqlVar;
export class GqlEnum {
  constructor(readonly name: string) {}
}
export class GqlVar {
  constructor(readonly name: string) {}
}

export interface GqlField {
  alias: string;
  name: string;
  args: Record<string, GqlValue>;
  selections: GqlField[] | null;
}

export interface GqlOperation {
  kind: 'query' | 'mutation';
  name: string | null;
  variables: { name: string; type: string; required: boolean; defaultValue?: GqlValue }[];
  selections: GqlField[];
}

export class GqlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

interface Token {
  kind: 'punct' | 'name' | 'number' | 'string' | 'eof';
  value: string;
  line: number;
  column: number;
}

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const at = () => ({ line, column: i - lineStart + 1 });
  while (i < src.length) {
    const c = src[i];
    if (c === '\n') {
      i++;
      line++;
      lineStart = i;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === ',' || c === '\ufeff') {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    const pos = at();
    if (src.startsWith('...', i)) {
      out.push({ kind: 'punct', value: '...', ...pos });
      i += 3;
      continue;
    }
    if ('{}()[]:!$=@'.includes(c)) {
      out.push({ kind: 'punct', value: c, ...pos });
      i++;
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      let j = i + 1;
      while (j < src.length && /[A-Za-z0-9_]/.test(src[j])) j++;
      out.push({ kind: 'name', value: src.slice(i, j), ...pos });
      i = j;
      continue;
    }
    if (/[-0-9]/.test(c)) {
      const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(src.slice(i));
      if (!m) throw new GqlSyntaxError(`syntax error, unexpected invalid token ("${c}")`, pos.line, pos.column);
      out.push({ kind: 'number', value: m[0], ...pos });
      i += m[0].length;
      continue;
    }
    if (c === '"') {
      if (src.startsWith('"""', i)) {
        const end = src.indexOf('"""', i + 3);
        if (end < 0) throw new GqlSyntaxError('syntax error, unterminated string', pos.line, pos.column);
        out.push({ kind: 'string', value: src.slice(i + 3, end), ...pos });
        i = end + 3;
        continue;
      }
      let j = i + 1;
      let text = '';
      while (j < src.length && src[j] !== '"') {
        if (src[j] === '\n') break;
        if (src[j] === '\\') {
          const e = src[j + 1];
          if (e === 'u') {
            text += String.fromCharCode(parseInt(src.slice(j + 2, j + 6), 16));
            j += 6;
            continue;
          }
          text += ({ n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' } as Record<string, string>)[e] ?? e;
          j += 2;
          continue;
        }
        text += src[j++];
      }
      if (src[j] !== '"') throw new GqlSyntaxError('syntax error, unterminated string', pos.line, pos.column);
      out.push({ kind: 'string', value: text, ...pos });
      i = j + 1;
      continue;
    }
    throw new GqlSyntaxError(`syntax error, unexpected invalid token ("${c}")`, pos.line, pos.column);
  }
  out.push({ kind: 'eof', value: '', line, column: i - lineStart + 1 });
  return out;
}

/** Parses a document and answers the operation to run (`operationName`, else the only one). */
export function parseOperation(src: string, operationName?: string | null): GqlOperation {
  const t = tokenize(src);
  let p = 0;
  const peek = () => t[p];
  const fail = (tok: Token = peek()): never => {
    throw new GqlSyntaxError(
      `syntax error, unexpected ${tok.kind === 'eof' ? 'end of file' : `${tok.kind === 'name' ? 'IDENTIFIER' : tok.value} ("${tok.value}")`}`,
      tok.line,
      tok.column,
    );
  };
  const punct = (v: string) => {
    const tok = t[p];
    if (tok.kind !== 'punct' || tok.value !== v) fail(tok);
    p++;
  };
  const isPunct = (v: string) => t[p].kind === 'punct' && t[p].value === v;
  const name = () => {
    const tok = t[p];
    if (tok.kind !== 'name') fail(tok);
    p++;
    return tok.value;
  };

  function value(constOnly: boolean): GqlValue {
    const tok = peek();
    if (tok.kind === 'punct' && tok.value === '$' && !constOnly) {
      p++;
      return new GqlVar(name());
    }
    if (tok.kind === 'number') {
      p++;
      return Number(tok.value);
    }
    if (tok.kind === 'string') {
      p++;
      return tok.value;
    }
    if (tok.kind === 'name') {
      p++;
      if (tok.value === 'true') return true;
      if (tok.value === 'false') return false;
      if (tok.value === 'null') return null;
      return new GqlEnum(tok.value);
    }
    if (isPunct('[')) {
      p++;
      const list: GqlValue[] = [];
      while (!isPunct(']')) list.push(value(constOnly));
      p++;
      return list;
    }
    if (isPunct('{')) {
      p++;
      const obj: Record<string, GqlValue> = {};
      while (!isPunct('}')) {
        const k = name();
        punct(':');
        obj[k] = value(constOnly);
      }
      p++;
      return obj;
    }
    return fail(tok);
  }

  function type(): { type: string; required: boolean } {
    let text: string;
    if (isPunct('[')) {
      p++;
      const inner = type();
      punct(']');
      text = `[${inner.type}${inner.required ? '!' : ''}]`;
    } else text = name();
    const required = isPunct('!');
    if (required) p++;
    return { type: text, required };
  }

  function selectionSet(): GqlField[] {
    punct('{');
    const fields: GqlField[] = [];
    while (!isPunct('}')) {
      if (isPunct('...')) {
        p++;
        if (peek().kind === 'name' && peek().value === 'on') {
          p++;
          name();
          fields.push(...selectionSet());
          continue;
        }
        fail();
      }
      if (isPunct('@')) fail();
      const alias = name();
      let fieldName = alias;
      if (isPunct(':')) {
        p++;
        fieldName = name();
      }
      const args: Record<string, GqlValue> = {};
      if (isPunct('(')) {
        p++;
        while (!isPunct(')')) {
          const k = name();
          punct(':');
          args[k] = value(false);
        }
        p++;
      }
      if (isPunct('@')) fail();
      const selections = isPunct('{') ? selectionSet() : null;
      fields.push({ alias, name: fieldName, args, selections });
    }
    p++;
    return fields;
  }

  const ops: GqlOperation[] = [];
  while (peek().kind !== 'eof') {
    if (isPunct('{')) {
      ops.push({ kind: 'query', name: null, variables: [], selections: selectionSet() });
      continue;
    }
    const kw = name();
    if (kw === 'fragment' || (kw !== 'query' && kw !== 'mutation')) fail(t[p - 1]);
    const opName = peek().kind === 'name' ? name() : null;
    const variables: GqlOperation['variables'] = [];
    if (isPunct('(')) {
      p++;
      while (!isPunct(')')) {
        punct('$');
        const v = name();
        punct(':');
        const ty = type();
        let defaultValue: GqlValue | undefined;
        if (isPunct('=')) {
          p++;
          defaultValue = value(true);
        }
        variables.push({ name: v, ...ty, ...(defaultValue === undefined ? {} : { defaultValue }) });
      }
      p++;
    }
    ops.push({ kind: kw as 'query' | 'mutation', name: opName, variables, selections: selectionSet() });
  }
  if (ops.length === 0) fail();
  if (operationName) {
    const op = ops.find((o) => o.name === operationName);
    if (!op) throw new GqlSyntaxError(`No operation named "${operationName}"`, 1, 1);
    return op;
  }
  if (ops.length > 1) throw new GqlSyntaxError('An operation name is required', 1, 1);
  return ops[0];
}

/** An argument's value with its variables replaced (enums become their names). */
export function resolveValue(v: GqlValue | undefined, vars: Record<string, unknown>): unknown {
  if (v instanceof GqlVar) return vars[v.name] ?? null;
  if (v instanceof GqlEnum) return v.name;
  if (Array.isArray(v)) return v.map((x) => resolveValue(x, vars));
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = resolveValue(x, vars);
    return out;
  }
  return v;
}

export const resolveArgs = (field: GqlField, vars: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(field.args)) out[k] = resolveValue(v, vars);
  return out;
};

/** A field resolution error (answered in `errors`, with Shopify's wording). */
export class GqlFieldError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * What a connection's page costs before it runs, as Shopify's calculated query cost counts: an object
 * 1, a scalar or enum 0, a connection 2 plus its `first` times one node's cost (`pageInfo` free),
 * a mutation 10 (its payload free).
 */
export function requestedCost(selections: GqlField[], vars: Record<string, unknown>, mutation: boolean): number {
  if (mutation) return selections.length * 10;
  return selectionCost(selections, vars);
}

function selectionCost(selections: GqlField[], vars: Record<string, unknown>): number {
  let total = 0;
  for (const f of selections) {
    if (!f.selections || f.name === 'pageInfo') continue;
    const first = resolveValue(f.args.first ?? f.args.last, vars);
    if (typeof first === 'number') {
      let node = 0;
      for (const c of f.selections) {
        if (c.name === 'nodes') node += 1 + selectionCost(c.selections ?? [], vars);
        else if (c.name === 'edges') {
          const n = c.selections?.find((x) => x.name === 'node');
          node += 1 + (n ? 1 + selectionCost(n.selections ?? [], vars) : 0);
        } else if (c.selections && c.name !== 'pageInfo') node += 1 + selectionCost(c.selections, vars);
      }
      // A plain list with `first` (Order.fulfillments) is its items; a connection holds nodes.
      const isConnection = f.selections.some((c) => ['nodes', 'edges', 'pageInfo'].includes(c.name));
      total += isConnection ? 2 + first * node : first * (1 + selectionCost(f.selections, vars));
    } else total += 1 + selectionCost(f.selections, vars);
  }
  return total;
}

/**
 * Projects `value` onto the selection, calling field functions with their arguments, and counts the
 * actual cost (each object returned 1, each connection 2, so a page costs what it holds). An
 * object's `__typename` names it in the error for a field it does not have.
 */
export async function project(
  value: unknown,
  selections: GqlField[],
  vars: Record<string, unknown>,
  cost: { actual: number },
): Promise<unknown> {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return Promise.all(value.map((v) => project(v, selections, vars, cost)));
  const obj = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const f of selections) {
    if (f.name === '__typename') {
      out[f.alias] = obj.__typename ?? null;
      continue;
    }
    if (!(f.name in obj))
      throw new GqlFieldError(
        `Field '${f.name}' doesn't exist on type '${String(obj.__typename ?? 'Object')}'`,
        'undefinedField',
      );
    let v = obj[f.name];
    if (typeof v === 'function') v = await (v as (args: Record<string, unknown>) => unknown)(resolveArgs(f, vars));
    if (f.selections) {
      if (v !== null && typeof v === 'object' && f.name !== 'pageInfo') {
        const isConnection = !Array.isArray(v) && 'nodes' in (v as object) && 'pageInfo' in (v as object);
        cost.actual += isConnection ? 2 : Array.isArray(v) ? (v as unknown[]).length : 1;
      }
      out[f.alias] = await project(v, f.selections, vars, cost);
    } else out[f.alias] = v === undefined ? null : v;
  }
  return out;
}
