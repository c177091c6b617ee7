/** Tests' stand-in for a round trip through PostgreSQL `jsonb`. */

/**
 * A JSON copy of a value with every object's keys in the order `jsonb` keeps them: shorter keys
 * first, then by their bytes. Events come back from such a store with `kind` no longer first.
 */
export function jsonbCopy<T>(value: T): T {
  return reorder(JSON.parse(JSON.stringify(value)) as unknown) as T;
}

function reorder(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reorder);
  if (typeof v !== 'object' || v === null) return v;
  const entries = Object.entries(v).sort(([a], [b]) =>
    a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0,
  );
  return Object.fromEntries(entries.map(([k, x]) => [k, reorder(x)]));
}
