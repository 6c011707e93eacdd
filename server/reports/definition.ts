import { sql, type Compilable, type Expression, type SqlBool } from 'kysely';
import type { AuthContext } from '../auth/sessions.js';
import type { Database } from '../db/database.js';
import type { OrgScope } from '../orgs/scope.js';
import type { ParameterType, ParameterValue, ReportColumnType } from '../../shared/reports.js';

/**
 * What a report is: one declaration of its folder, name, typed parameters, query, columns and optional nested
 * Details rows (docs/decisions.md "Reports: the catalogue"). The catalogue (server/reports/catalogue.ts) lists the
 * declarations; the routes, the parameter form, validation and the three formats are generic. A new report is one
 * declaration there.
 */

/** A row as a report query answers it: column values by field name. */
export type ReportRow = Record<string, unknown>;

/** A valid value of a parameter (spec 002 §3: value and label). */
export interface ValidValue {
  value: string | number | boolean;
  label: string;
}

/** What a report's queries and valid values are computed for: the caller, its org scope and the moment. */
export interface ReportContext {
  db: Database;
  auth: AuthContext;
  scope: OrgScope;
  /** The moment the report is generated for (an instance's creation time when it is fetched again). */
  now: Date;
}

export interface ParameterDeclaration {
  name: string;
  prompt: string;
  type: ParameterType;
  /** May be left empty (sent as null); otherwise required. */
  nullable?: boolean;
  /** The values offered (a select); a value not among them is refused. Computed per caller when a function. */
  validValues?: readonly ValidValue[] | ((context: ReportContext) => Promise<readonly ValidValue[]>);
  /** The value the form starts with; a DateTime default is a day (YYYY-MM-DD), computed from the moment when a function. */
  default?: ParameterValue | ((now: Date) => ParameterValue);
}

export interface ColumnDeclaration {
  /** The field of the query's rows. */
  field: string;
  label: string;
  type: ReportColumnType;
}

/** Parameter values after validation: dates as YYYY-MM-DD days, integers as numbers, flags as booleans. */
export class ParameterValues {
  constructor(readonly values: Readonly<Record<string, ParameterValue>>) {}
  private get(name: string): ParameterValue {
    if (!(name in this.values)) throw new Error(`The report declares no parameter ${name}`);
    return this.values[name];
  }
  /** A DateTime parameter as a day (YYYY-MM-DD), or null. */
  day(name: string): string | null {
    const value = this.get(name);
    return typeof value === 'string' ? value : null;
  }
  integer(name: string): number | null {
    const value = this.get(name);
    return typeof value === 'number' ? value : null;
  }
  flag(name: string): boolean | null {
    const value = this.get(name);
    return typeof value === 'boolean' ? value : null;
  }
  text(name: string): string | null {
    const value = this.get(name);
    return typeof value === 'string' ? value : null;
  }
}

/** The query's input: the context, the validated parameters, and the caller's scope as a condition on an org column. */
export interface QueryInput {
  context: ReportContext;
  parameters: ParameterValues;
  /** `column` (e.g. 'c.Client_Id') lies in the caller's org scope; orgs picked by a parameter narrow it further. */
  inScope(column: string, orgIds?: readonly number[] | null): Expression<SqlBool>;
  /** The day after a YYYY-MM-DD day (an inclusive end of a range of moments: `< dayAfter(to)`). */
  dayAfter(day: string): string;
  /** Today as YYYY-MM-DD (UTC) for the report's moment. */
  today: string;
  /** The org picked by a parameter and every org below it; null when none was picked. */
  orgSubtree(orgId: number | null): Promise<number[] | null>;
}

/** A query of a report: built at once, or after a lookup (an org's subtree). */
export type ReportQuery = Compilable<ReportRow> | Promise<Compilable<ReportRow>>;

export interface DetailsDeclaration {
  /** The field of a report row whose value its Details rows carry as `ParentKey`. */
  key: string;
  columns: readonly ColumnDeclaration[];
  /**
   * The Details rows of a batch of report rows, each with `ParentKey` (one query per batch, never per row); rows
   * whose ParentKey is not one of the batch's are dropped.
   */
  query(input: QueryInput, rows: readonly ReportRow[]): ReportQuery;
  /** Completes a batch of Details rows with what SQL does not compute (see `ReportDeclaration.finish`). */
  finish?(input: QueryInput, rows: ReportRow[]): Promise<ReportRow[]>;
}

export interface ReportDeclaration {
  /** The folder (spec 002: Group). */
  group: string;
  name: string;
  description: string;
  parameters: readonly ParameterDeclaration[];
  columns: readonly ColumnDeclaration[];
  /**
   * The rows, ordered (ORDER BY ending in a unique column, so batches are stable), without LIMIT or OFFSET: the
   * runner reads them a batch at a time. Every condition a parameter sets should be one an index serves.
   */
  query(input: QueryInput): ReportQuery;
  /**
   * Completes a batch of rows with what SQL does not compute (a case's cost by the billing rules), in a fixed number
   * of queries per batch.
   */
  finish?(input: QueryInput, rows: ReportRow[]): Promise<ReportRow[]>;
  details?: DetailsDeclaration;
}

/** Identity function that checks a report declaration's shape. */
export function defineReport(declaration: ReportDeclaration): ReportDeclaration {
  return declaration;
}

/** `column IN (ids)` for the ids given, `true` for no restriction, `false` for an empty list. */
export function columnIn(column: string, ids: readonly number[] | null): Expression<SqlBool> {
  if (ids === null) return sql<SqlBool>`true`;
  if (ids.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(ids)})`;
}
