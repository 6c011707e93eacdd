/** Nearest-rank percentile (p from 0 to 1) of values sorted ascending; NaN when there are none. */
export const percentile = (sorted: readonly number[], p: number): number => (sorted.length ? sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] : Number.NaN);
