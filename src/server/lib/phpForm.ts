/**
 * PHP-style form bodies, as PHP's http_build_query writes them and Symfony reads them (Sameday's
 * API): nested objects become `awbRecipient[name]=...`, arrays `parcels[0][weight]=...`; nulls and
 * undefined are left out, booleans are 1/0, empty arrays disappear.
 */

type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };

export function encodePhpForm(data: Record<string, FormValue>): string {
  const pairs: string[] = [];
  const walk = (key: string, value: FormValue) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) value.forEach((v, i) => walk(`${key}[${i}]`, v));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(`${key}[${k}]`, v);
    else
      pairs.push(
        `${encodeURIComponent(key)}=${encodeURIComponent(typeof value === 'boolean' ? (value ? '1' : '0') : String(value))}`,
      );
  };
  for (const [k, v] of Object.entries(data)) walk(k, v);
  return pairs.join('&');
}

export type ParsedForm = { [key: string]: string | ParsedForm };

/** The reverse: `a[b][0]=x` → `{a: {b: {"0": "x"}}}` (arrays stay objects keyed by index). */
export function parsePhpForm(text: string): ParsedForm {
  const out: ParsedForm = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!m) continue;
    const path = [m[1], ...[...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1])];
    let node: ParsedForm = out;
    path.forEach((segment, i) => {
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) node[key] = value;
      else {
        if (typeof node[key] !== 'object') node[key] = {};
        node = node[key] as ParsedForm;
      }
    });
  }
  return out;
}
