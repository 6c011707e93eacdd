import { percentile } from '../percentiles.js';

/** The actions a simulated user takes, in the order the table lists them. */
export const ACTIONS = ['sign in', 'search cases', 'open a case', 'open an item', 'save a section', 'upload a paper', 'run a report', 'sign out'] as const;
export type ActionName = (typeof ACTIONS)[number];

/** A call that did not answer as the browser expects (2xx), with where and what. */
export interface FailedCall {
  action: ActionName;
  method: string;
  path: string;
  status: number;
  message: string;
}

/** A path's ids replaced by `:id`, so that the same route of different records counts together. */
export const routeOf = (path: string) => path.replace(/\?.*$/, '').replace(/\/\d+(?=\/|$)/g, '/:id').replace(/\/instance\/[^/]+/, '/instance/:id');

/** What the soak measured: each action's wall time (all its calls, as the browser makes them), every call, every failure. */
export class SoakResults {
  private readonly times = new Map<ActionName, number[]>(ACTIONS.map((a) => [a, []]));
  private readonly failedActions = new Map<ActionName, number>();
  /** Each route's call times (method and path with its ids as `:id`). */
  private readonly routes = new Map<string, number[]>();
  readonly failures: FailedCall[] = [];
  calls = 0;
  notices = 0;
  streamsLost: string[] = [];

  action(name: ActionName, ms: number, failed: boolean): void {
    this.times.get(name)!.push(ms);
    if (failed) this.failedActions.set(name, (this.failedActions.get(name) ?? 0) + 1);
  }

  call(method: string, path: string, ms: number): void {
    this.calls += 1;
    const route = `${method} ${routeOf(path)}`;
    const times = this.routes.get(route);
    if (times) times.push(ms);
    else this.routes.set(route, [ms]);
  }

  fail(failure: FailedCall): void {
    this.failures.push(failure);
  }

  /** One call's time at a percentile, over every call of the run (ms). */
  callPercentile(p: number): number {
    return percentile([...this.routes.values()].flat().sort((a, b) => a - b), p);
  }

  get actions(): number {
    return [...this.times.values()].reduce((sum, t) => sum + t.length, 0);
  }

  /** The table of actions: count, failed, p50/p95/p99/max ms. */
  table(): string {
    const rows = ['| action | count | failed | p50 ms | p95 ms | p99 ms | max ms |', '|---|---:|---:|---:|---:|---:|---:|'];
    for (const name of ACTIONS) {
      const sorted = [...this.times.get(name)!].sort((a, b) => a - b);
      if (!sorted.length) continue;
      const ms = (p: number) => percentile(sorted, p).toFixed(0);
      rows.push(`| ${name} | ${sorted.length} | ${this.failedActions.get(name) ?? 0} | ${ms(0.5)} | ${ms(0.95)} | ${ms(0.99)} | ${sorted[sorted.length - 1].toFixed(0)} |`);
    }
    return rows.join('\n');
  }

  /** The `count` routes slowest at p95: where an action's time goes. */
  slowestRoutes(count: number): string {
    const rows = [...this.routes.entries()].map(([route, times]) => ({ route, sorted: [...times].sort((a, b) => a - b) }));
    rows.sort((a, b) => percentile(b.sorted, 0.95) - percentile(a.sorted, 0.95));
    const lines = ['| call | count | p50 ms | p95 ms |', '|---|---:|---:|---:|'];
    for (const { route, sorted } of rows.slice(0, count)) lines.push(`| ${route} | ${sorted.length} | ${percentile(sorted, 0.5).toFixed(0)} | ${percentile(sorted, 0.95).toFixed(0)} |`);
    return lines.join('\n');
  }

  /** The failed calls grouped by action, status and route, each with a count and the first message. */
  failureList(): string[] {
    const groups = new Map<string, { count: number; example: FailedCall }>();
    for (const failure of this.failures) {
      const key = `${failure.status} ${failure.method} ${routeOf(failure.path)} (${failure.action})`;
      const group = groups.get(key);
      if (group) group.count += 1;
      else groups.set(key, { count: 1, example: failure });
    }
    return [...groups.entries()].map(([key, { count, example }]) => `${count} × ${key}: ${example.path} → ${example.message.slice(0, 300)}`);
  }
}
