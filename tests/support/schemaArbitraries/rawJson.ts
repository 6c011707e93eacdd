/**
 * A piece of JSON text a value cannot hold (a number JSON.parse reads as Infinity, nesting too deep to build as a
 * value, a `__proto__` key): `jsonText` writes it as it is.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold `RawJson` pieces. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).map(([key, entry]) => `${JSON.stringify(key)}:${jsonText(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
