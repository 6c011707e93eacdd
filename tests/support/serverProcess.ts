import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** What the server has printed so far (stdout and stderr). */
  output(): string;
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>;
  /** Stops the server and waits until it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts a Dossier server script (`scripts/start.mjs` as `npm start` runs it, or a test's own TypeScript start) as a
 * child process on a free port and waits for its "Dossier is running" line; a server that exits or stays silent for
 * two minutes fails with its output. A `.mjs` script runs on plain Node, a `.ts` one through tsx. `command` runs
 * another way (`npm start`, in a process group of its own). `outputLimit` keeps only the last that many characters of
 * the output (a long run's request log).
 */
export async function startServerProcess(
  name: string,
  script: string,
  env: Record<string, string> | ((baseUrl: string) => Record<string, string>),
  options: { command?: readonly string[]; args?: readonly string[]; outputLimit?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const [command, ...commandArgs] = options.command ?? [process.execPath, ...(script.endsWith('.ts') ? ['--import', 'tsx'] : []), script];
  const child = spawn(command, [...commandArgs, ...(options.args ?? [])], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...(typeof env === 'function' ? env(baseUrl) : env), PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: Boolean(options.command),
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  let output = '';
  const limit = options.outputLimit ?? Infinity;
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > limit) output = output.slice(-limit);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The ${name} server did not start:\n${output}`)), 120_000);
      const onData = () => {
        if (output.includes('Dossier is running')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`The ${name} server exited with ${code}:\n${output}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, child, stop, output: () => output, exited };
}
