/** Tests' shorthand for results that must succeed. */
import type { Result } from '../result.js';

/** The value of a result that the test expects to succeed; throws with the error otherwise. */
export function unwrap<T, E>(r: Result<T, E>): T {
  if (!r.ok) throw new Error(`expected success, got ${JSON.stringify(r.error)}`);
  return r.value;
}
