import { ModelStateBuilder } from '../http/errors.js';

/**
 * Display orders of ordered children (sections of an item template, items of a case template). Orders are the
 * integers 1..n; every change renumbers the whole list, so gaps and ties left by older data heal on the next move.
 */
export type OrderMap = Record<string, number>;

/** The orders of keys in the given sequence: 1..n. */
export const numbered = (keys: readonly number[]): OrderMap =>
  Object.fromEntries(keys.map((key, index) => [String(key), index + 1]));

/**
 * Swaps two keys of an ordered sequence. Each key comes with the body field that named it; one that is not in the
 * sequence answers 400 with `unknown` under that field.
 */
export function swapKeys(
  keys: readonly number[],
  from: { field: string; key: number },
  to: { field: string; key: number },
  unknown: string,
): number[] {
  const errors = new ModelStateBuilder();
  for (const { field, key } of [from, to]) if (!keys.includes(key)) errors.add(field, unknown);
  errors.throwIfInvalid();
  const swapped = [...keys];
  const [a, b] = [keys.indexOf(from.key), keys.indexOf(to.key)];
  [swapped[a], swapped[b]] = [swapped[b], swapped[a]];
  return swapped;
}

/** The answer schema of a reorder call: id → new display order. */
export const orderMapResponse = { type: 'object', additionalProperties: { type: 'integer' } } as const;

/** The entries whose order differs from the new orders: [key, new order]. */
export function changedOrders(current: readonly { key: number; DisplayOrder: number }[], orders: OrderMap): [number, number][] {
  return current
    .filter(({ key, DisplayOrder }) => orders[key] !== undefined && orders[key] !== DisplayOrder)
    .map(({ key }) => [key, orders[key]]);
}
