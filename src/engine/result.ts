/**
 * The one shape of every fallible function at a trust boundary (DESIGN.md §2: errors are values
 * with stable codes, thrown only for programming errors): a value, or a coded error with its
 * data. Clients switch on `ok`, then on `error.code`; the Spanish sentences for the codes live
 * in src/play/errorText.ts.
 */

/** Success: the value. */
export interface Ok<T> {
  readonly ok: true;
  readonly value: T;
}

/** Failure: a coded error with its data (never a sentence). */
export interface Err<E> {
  readonly ok: false;
  readonly error: E;
}

/** A value or a coded error. */
export type Result<T, E> = Ok<T> | Err<E>;

/** Wraps a value as a success. */
export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

/** Wraps a coded error as a failure. */
export function err<E>(error: E): Err<E> {
  return { ok: false, error };
}
