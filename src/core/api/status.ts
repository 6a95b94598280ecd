/**
 * The status toggle of a resource with `is_active` (packages, SMS templates, later others): an update
 * whose body holds nothing but `is_active`. The web sends it with `statusBody`, the server recognises
 * it with `isStatusOnly`, so both sides agree on one rule.
 */
export interface StatusBody {
  is_active: boolean;
}

export function statusBody(active: boolean): StatusBody {
  return { is_active: active };
}

/** `true` when an update body is the status toggle (exactly one key, is_active). */
export function isStatusOnly(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  return keys.length === 1 && keys[0] === 'is_active';
}
