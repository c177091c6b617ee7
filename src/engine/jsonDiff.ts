/**
 * Comparing JSON-like values by meaning, not by text: object keys in any order (PostgreSQL's
 * `jsonb` and other stores reorder them), a key holding `undefined` the same as no key (as
 * `JSON.stringify` writes it).
 */

/**
 * The path of the first place two JSON-like values differ (`""` for the values themselves,
 * `"drew.2"`, `"racks.0.3"`), or undefined when they are equal.
 */
export function firstDifference(a: unknown, b: unknown, path = ''): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return path;
  if (Array.isArray(a) !== Array.isArray(b)) return path;
  const at = (k: string): string => (path ? `${path}.${k}` : k);
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return path;
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], at(String(i)));
      if (d !== undefined) return d;
    }
    return undefined;
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const k of [...keys].sort()) {
    const d = firstDifference(ra[k], rb[k], at(k));
    if (d !== undefined) return d;
  }
  return undefined;
}
