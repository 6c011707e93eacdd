import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** What a test file's answers were, as the answer check counted them (tests/support/answerCheck.ts). */
export interface AnswerTally {
  /** Answers validated against their route's schema for their status. */
  validated: number;
  /** `GET /api/…` → answers of a route that declares no shape for them. */
  undeclared: Record<string, number>;
  /** `GET /api/… 404` → answers of a status the description does not list for their route. */
  undescribed: Record<string, number>;
  /** Time spent checking, in milliseconds (validators compiled and run). */
  checkMs: number;
}

export const emptyTally = (): AnswerTally => ({ validated: 0, undeclared: {}, undescribed: {}, checkMs: 0 });

function add(into: Record<string, number>, from: Record<string, number>) {
  for (const [key, count] of Object.entries(from)) into[key] = (into[key] ?? 0) + count;
}

/** The tier's summary, from the tallies its files left in `dir` (one JSON file each). */
export async function answerSummary(dir: string): Promise<string> {
  const total = emptyTally();
  let files = 0;
  for (const name of await readdir(dir)) {
    const tally = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as AnswerTally;
    files += 1;
    total.validated += tally.validated;
    total.checkMs += tally.checkMs;
    add(total.undeclared, tally.undeclared);
    add(total.undescribed, tally.undescribed);
  }
  const sum = (counts: Record<string, number>) => Object.values(counts).reduce((n, c) => n + c, 0);
  const listed = (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, count]) => `  ${key} (${count})`);
  const count = (counts: Record<string, number>) => `${Object.keys(counts).length} (${sum(counts)} answers)${sum(counts) ? ':' : '.'}`;
  return [
    `Answers checked against the OpenAPI description (${files} test files): ${total.validated} validated, ${Math.round(total.checkMs)} ms spent checking.`,
    `Routes answering with no declared shape: ${count(total.undeclared)}`,
    ...listed(total.undeclared),
    `Routes answering a status their description does not list: ${count(total.undescribed)}`,
    ...listed(total.undescribed),
  ].join('\n');
}
