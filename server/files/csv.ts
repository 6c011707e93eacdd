/**
 * A CSV cell: quoted when it holds a separator, quote or line break. Text that a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) starts with ' instead: an exported value never executes.
 */
export function csvCell(text: string, { formulaGuard = true }: { formulaGuard?: boolean } = {}): string {
  const safe = formulaGuard && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line of text cells (CRLF, as spreadsheets expect). */
export const csvLine = (cells: readonly string[]) => `${cells.map((cell) => csvCell(cell)).join(',')}\r\n`;
