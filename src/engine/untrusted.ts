/** Small readers for untrusted JSON values, shared by the validating constructors. */

/** A plain object (not null, not an array). */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The object's own property, never one inherited (`constructor`, `__proto__`). */
export const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** JSON text of a value for an error's data (undefined, functions and the like as their type). */
export function shown(v: unknown): string {
  try {
    // Typed as string, but undefined for undefined, functions and symbols.
    return (JSON.stringify(v) as string | undefined) ?? typeof v;
  } catch {
    return typeof v;
  }
}
