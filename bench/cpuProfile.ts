/**
 * Reading a V8 CPU profile (the `.cpuprofile` of `node --cpu-prof` or of the inspector's Profiler): where the samples
 * fell by function (self time) and by module — the app's own folders (server/http, server/auth, server/cases…), each
 * package under node_modules, Node's internals and V8's builtins, the garbage collector.
 */

/** A `.cpuprofile` as V8 writes it. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  startTime: number;
  endTime: number;
  samples: number[];
  /** µs since the sample before (the first: since startTime). */
  timeDeltas: number[];
}

/** One line of a summary: a function or a module, its ms and its share of the busy (not idle) time. */
export interface ProfileLine {
  name: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  /** ms sampled in all, and of them not idle. */
  totalMs: number;
  busyMs: number;
  /** Functions by self time (the function on top of the stack). */
  selfByFunction: ProfileLine[];
  /** Modules by self time. */
  selfByModule: ProfileLine[];
  /**
   * Modules by the time charged to them: each sample goes to the deepest frame of the app or of a package, so the
   * builtins and Node internals a module calls (JSON.stringify, a socket write) count as the module's.
   */
  chargedToModule: ProfileLine[];
  /** Modules by inclusive time: samples with the module anywhere on the stack (a sample counts once per module). */
  inclusiveByModule: ProfileLine[];
  /** The app's own functions (server/, shared/, resources/) by inclusive time. */
  ourFunctionsInclusive: ProfileLine[];
}

const SPECIAL = new Set(['(root)', '(program)', '(idle)', '(garbage collector)']);

/** The module a frame belongs to: the app's folder (server/http…), a package, Node's internals or V8's builtins. */
export function moduleOf(frame: { functionName: string; url: string }): string {
  const { functionName, url } = frame;
  if (SPECIAL.has(functionName) && !url) return functionName;
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (packageMatch) return packageMatch[1];
  const own = /\/(server|shared|resources|schemas|bench)\/(?:([^/]+)\/)?[^/]+$/.exec(url);
  if (own) return own[1] === 'server' && own[2] ? `server/${own[2]}` : own[1] === 'server' ? 'server/*.ts' : own[1];
  if (url.startsWith('node:')) {
    const name = url.slice('node:'.length).replace(/^internal\//, '');
    const group = name.split('/')[0].replace(/^_/, '');
    return `node: ${/^http|^stream|^net|^dns|^tls|^url|^buffer|^async_hooks|^timers|^events|^crypto|^fs|^perf_hooks|^diagnostics_channel/.test(group) ? group.replace(/_.*$/, '') : 'other internals'}`;
  }
  if (!url) return '(V8 builtins and natives)';
  return url.startsWith('file://') ? '(other files)' : '(other)';
}

const isOurs = (url: string) => /\/(server|shared|resources)\//.test(url) && !url.includes('node_modules');
/** Frames that are a module's own code (the app or a package), to which the builtins they call are charged. */
const isCharged = (module: string) => !module.startsWith('node: ') && !module.startsWith('(');

const lines = (totals: Map<string, number>, busyMs: number, top: number): ProfileLine[] =>
  [...totals.entries()]
    .map(([name, us]) => ({ name, ms: us / 1000, share: busyMs ? us / 1000 / busyMs : 0 }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top);

const add = (totals: Map<string, number>, key: string, us: number) => totals.set(key, (totals.get(key) ?? 0) + us);

/** Summarises a profile: `top` lines per table. Idle time is left out of every share. */
export function summariseProfile(profile: CpuProfile, top = 25): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url.replace(/^file:\/\//, '').replace(/^.*node_modules\//, '').replace(/^.*?\/(server|shared|resources|bench)\//, '$1/');
    return `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
  };
  const self = new Map<string, number>();
  const selfModule = new Map<string, number>();
  const charged = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const ours = new Map<string, number>();
  let totalUs = 0;
  let idleUs = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i + 1] ?? 0;
    totalUs += us;
    const leaf = byId.get(id)!;
    if (leaf.callFrame.functionName === '(idle)') {
      idleUs += us;
      return;
    }
    add(self, label(id), us);
    const leafModule = moduleOf(leaf.callFrame);
    add(selfModule, leafModule, us);
    const modules = new Set<string>();
    const functions = new Set<string>();
    let chargedTo: string | null = null;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      const module = moduleOf(frame);
      modules.add(module);
      if (chargedTo === null && isCharged(module)) chargedTo = module;
      if (isOurs(frame.url)) functions.add(label(at));
    }
    add(charged, chargedTo ?? leafModule, us);
    for (const module of modules) if (module !== '(root)') add(inclusive, module, us);
    for (const fn of functions) add(ours, fn, us);
  });
  const busyMs = (totalUs - idleUs) / 1000;
  return {
    totalMs: totalUs / 1000,
    busyMs,
    selfByFunction: lines(self, busyMs, top),
    selfByModule: lines(selfModule, busyMs, top),
    chargedToModule: lines(charged, busyMs, top),
    inclusiveByModule: lines(inclusive, busyMs, top),
    ourFunctionsInclusive: lines(ours, busyMs, top),
  };
}

/** A summary's table as Markdown: `per` divides the ms (requests answered while profiling) for a per-request column. */
export function profileTable(title: string, rows: readonly ProfileLine[], per: number): string {
  const head = `| ${title} | ms | per request (µs) | share of busy |\n|---|---:|---:|---:|`;
  return [head, ...rows.map((r) => `| ${r.name.replace(/\|/g, '\\|')} | ${r.ms.toFixed(0)} | ${((1000 * r.ms) / Math.max(1, per)).toFixed(0)} | ${(100 * r.share).toFixed(1)} % |`)].join('\n');
}
