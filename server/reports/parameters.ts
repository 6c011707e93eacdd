import { ModelStateBuilder } from '../http/errors.js';
import type { ParameterValue } from '../../shared/reports.js';
import { ReportTexts } from '../../shared/texts/reports.js';
import { ParameterValues, type ParameterDeclaration, type ReportContext, type ReportDeclaration, type ValidValue } from './definition.js';

const T = ReportTexts.server;
const INT_MAX = 2_147_483_647;

/** A parameter as GET /api/reports/{group}/{name}/parameters answers it (spec 002 §3). */
export interface ParameterAnswer {
  Name: string;
  Prompt: string;
  Type: ParameterDeclaration['type'];
  Nullable: boolean;
  ValidValues: { Value: string | number | boolean; Label: string }[] | null;
  DefaultValues: ParameterValue[];
}

/** YYYY-MM-DD → MM/DD/YYYY, the form the spec sends dates in (§5). */
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

async function validValuesOf(parameter: ParameterDeclaration, context: ReportContext): Promise<readonly ValidValue[] | null> {
  if (!parameter.validValues) return null;
  return typeof parameter.validValues === 'function' ? parameter.validValues(context) : parameter.validValues;
}

function defaultOf(parameter: ParameterDeclaration, now: Date): ParameterValue {
  const value = typeof parameter.default === 'function' ? parameter.default(now) : (parameter.default ?? null);
  return value;
}

/** The report's parameters for its form: prompts, types, valid values (for this caller) and defaults. */
export async function describeParameters(report: ReportDeclaration, context: ReportContext): Promise<ParameterAnswer[]> {
  return Promise.all(
    report.parameters.map(async (parameter) => {
      const valid = await validValuesOf(parameter, context);
      const fallback = defaultOf(parameter, context.now);
      const shown = parameter.type === 'DateTime' && typeof fallback === 'string' ? usDate(fallback) : fallback;
      return {
        Name: parameter.name,
        Prompt: parameter.prompt,
        Type: parameter.type,
        Nullable: parameter.nullable ?? false,
        ValidValues: valid ? valid.map((v) => ({ Value: v.value, Label: v.label })) : null,
        DefaultValues: shown === null ? [] : [shown],
      };
    }),
  );
}

/** A calendar day from MM/DD/YYYY (or YYYY-MM-DD, or an ISO moment's day), or null when it is not one. */
export function parseDay(text: string): string | null {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/.exec(text.trim());
  const [year, month, day] = us ? [Number(us[3]), Number(us[1]), Number(us[2])] : iso ? [Number(iso[1]), Number(iso[2]), Number(iso[3])] : [NaN, NaN, NaN];
  if (!Number.isInteger(year) || year < 1900 || year > 9999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** One value in its parameter's type, or the message saying why it is not one. */
function typed(parameter: ParameterDeclaration, value: string | number | boolean): { value: ParameterValue } | { error: string } {
  switch (parameter.type) {
    case 'Boolean': {
      if (typeof value === 'boolean') return { value };
      const text = String(value).trim().toLowerCase();
      if (text === 'true' || text === 'false') return { value: text === 'true' };
      return { error: T.notBoolean(parameter.prompt) };
    }
    case 'Integer': {
      const number = typeof value === 'number' ? value : /^-?\d+$/.test(String(value).trim()) ? Number(String(value).trim()) : NaN;
      if (Number.isInteger(number) && Math.abs(number) <= INT_MAX) return { value: number };
      return { error: T.notInteger(parameter.prompt) };
    }
    case 'DateTime': {
      const day = typeof value === 'string' ? parseDay(value) : null;
      return day ? { value: day } : { error: T.notDate(parameter.prompt) };
    }
    case 'String':
      return { value: String(value).trim() };
  }
}

/**
 * The parameters as sent (spec 002 §5: name/value pairs; required unless nullable; an empty nullable parameter sent as
 * null; dates as MM/DD/YYYY), checked against the declaration: each one's type, its valid values for this caller,
 * required ones present (a parameter not sent takes its default). Every mistake is a 400 ModelState keyed by the
 * parameter's name.
 */
export async function validateParameters(
  report: ReportDeclaration,
  sent: readonly { Name: string; Value?: ParameterValue }[],
  context: ReportContext,
): Promise<ParameterValues> {
  const errors = new ModelStateBuilder();
  const byName = new Map<string, ParameterValue>();
  for (const pair of sent) {
    if (!report.parameters.some((p) => p.name === pair.Name)) errors.add(pair.Name, T.unknownParameter(pair.Name));
    else byName.set(pair.Name, pair.Value ?? null);
  }
  const values: Record<string, ParameterValue> = {};
  for (const parameter of report.parameters) {
    const raw = byName.has(parameter.name) ? byName.get(parameter.name)! : defaultOf(parameter, context.now);
    const empty = raw === null || (typeof raw === 'string' && raw.trim() === '');
    if (empty) {
      if (!parameter.nullable) errors.add(parameter.name, T.required(parameter.prompt));
      values[parameter.name] = null;
      continue;
    }
    const result = typed(parameter, raw);
    if ('error' in result) {
      errors.add(parameter.name, result.error);
      continue;
    }
    const valid = await validValuesOf(parameter, context);
    if (valid && !valid.some((v) => String(v.value) === String(result.value))) {
      errors.add(parameter.name, T.notValid(parameter.prompt));
      continue;
    }
    values[parameter.name] = result.value;
  }
  errors.throwIfInvalid();
  return new ParameterValues(values);
}

/** The first day of the moment's month (UTC), YYYY-MM-DD: a usual default for a From date. */
export const firstOfMonth = (now: Date) => `${now.toISOString().slice(0, 7)}-01`;
/** The first day of the moment's year (UTC). */
export const firstOfYear = (now: Date) => `${now.toISOString().slice(0, 4)}-01-01`;
/** The moment's day (UTC). */
export const todayOf = (now: Date) => now.toISOString().slice(0, 10);

/** The labels of the values chosen among valid values (an org's name for its id), for a report's heading. */
export async function valueLabels(report: ReportDeclaration, values: ParameterValues, context: ReportContext): Promise<Record<string, string>> {
  const labels: Record<string, string> = {};
  for (const parameter of report.parameters) {
    const value = values.values[parameter.name];
    if (value === null || value === undefined || !parameter.validValues) continue;
    const match = (await validValuesOf(parameter, context))?.find((v) => String(v.value) === String(value));
    if (match) labels[parameter.name] = match.label;
  }
  return labels;
}
