/**
 * Numbers as a Spanish reader expects them in the commands' text: a decimal comma, and thousands
 * grouped with a point from five digits on (RAE: 1234, but 12.345).
 */

// Made on first use: setting up a locale costs some 30 ms, and most commands never group a
// number (`atril best` prints its decimals with `decimal`).
let grouped: Intl.NumberFormat | undefined;

/** A whole count: «4.420.603», «1234». */
export function count(n: number): string {
  grouped ??= new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0 });
  return grouped.format(n);
}

/** A count and its noun, singular for exactly 1: «1 partida», «12.345 iteraciones». */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/** A number with `digits` decimals and a decimal comma: «12,3». */
export function decimal(x: number, digits = 1): string {
  return x.toFixed(digits).replace('.', ',');
}

/** A spread with its sign, whole or with `digits` decimals: «+12», «-3», «0», «+15,3». */
export function signed(x: number, digits = 0): string {
  const text = digits === 0 ? String(x) : decimal(x, digits);
  return x > 0 ? `+${text}` : text;
}
