import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';

/** CPU ms used so far by this process, by every `postgres` process and by the whole machine; null where unknown. */
export interface CpuSample {
  node: number;
  postgres: number | null;
  machine: number | null;
}

/**
 * CPU ms used so far by this process (all threads), by every `postgres` process and by the whole machine (busy,
 * all CPUs) — Linux /proc; null elsewhere. The machine's busy time less the other two is what anything else
 * running took from the measurement.
 */
export async function cpuNow(): Promise<CpuSample> {
  const usage = process.cpuUsage();
  const node = (usage.user + usage.system) / 1000;
  try {
    const tick = 1000 / 100; // USER_HZ is 100 on Linux
    const [, ...times] = (await readFile('/proc/stat', 'utf8')).split('\n')[0].trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
    const machine = (times.slice(0, 8).reduce((a, b) => a + b, 0) - times[3] - times[4]) * tick;
    let postgres = 0;
    for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
      const fields = stat.slice(close + 2).split(' ');
      // utime + stime, and the children's (the postmaster reaps the parallel workers, which come and go).
      postgres += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * tick;
    }
    return { node, postgres, machine };
  } catch {
    return { node, postgres: null, machine: null };
  }
}

/** The machine a run was measured on: CPU model and count, memory, Node, and the load average before measuring. */
export function machineNow() {
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown CPU',
    cores: os.cpus().length,
    memoryGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    node: process.version,
    loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))) as [number, number, number],
  };
}
