import { chmod, mkdir, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * The embedded database (PGlite) runs inside one process and nothing stops a second one from opening its files at the
 * same time, which would damage it. So whoever opens it — the server, or `npm run backup` / `restore` while no server
 * runs — first takes the data directory: it listens on a socket in `run/` (a folder only its owner may enter). A
 * second process finds the socket answering and stays out. The server also takes requests on it: `npm run backup`
 * asks the running server to write the backup, since only it can read the database (docs/decisions.md, "Backups").
 *
 * Messages are JSON, one a line: the asker sends one request, the holder answers with events and then `{ done }` or
 * `{ error }`.
 */
export const dataDirSocket = (dataDir: string) => path.join(dataDir, 'run', 'dossier.sock');

/** A socket's path must fit the operating system's limit (104 bytes on macOS, 108 on Linux). */
const SOCKET_PATH_LIMIT = 100;

export class DataDirInUse extends Error {}

export type RequestHandler = (request: unknown, send: (event: unknown) => void) => Promise<unknown>;

export interface DataDirHold {
  /** Answers requests from now on (before, they are told the holder takes none). */
  serve(handler: RequestHandler): void;
  /** Lets go of the data directory (a process that exits lets go anyway). */
  release(): Promise<void>;
}

/** The socket's address: its path, or the same path relative to the working directory when that is shorter. */
function checkedSocketPath(dataDir: string): string {
  const socket = dataDirSocket(path.resolve(dataDir));
  const relative = path.relative(process.cwd(), socket);
  const address = Buffer.byteLength(relative) < Buffer.byteLength(socket) ? relative : socket;
  if (Buffer.byteLength(address) > SOCKET_PATH_LIMIT) {
    throw new Error(`The data directory's path is too long for its socket (${socket}, at most ${SOCKET_PATH_LIMIT} bytes): set DOSSIER_DATA_DIR to a shorter path (a symbolic link will do), or start from a folder nearer to it.`);
  }
  return address;
}

/** Connects to the holder of a data directory; null when nobody holds it (no socket, or one a stopped process left). */
function connect(socket: string): Promise<Socket | null> {
  return new Promise((resolve, reject) => {
    const connection = createConnection(socket);
    connection.once('connect', () => resolve(connection));
    connection.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}

/** Takes the data directory, or throws DataDirInUse when another process holds it. */
export async function holdDataDir(dataDir: string): Promise<DataDirHold> {
  const socket = checkedSocketPath(dataDir);
  await mkdir(path.dirname(socket), { recursive: true, mode: 0o700 });
  await chmod(path.dirname(socket), 0o700);
  const inUse = () => new DataDirInUse(`The data directory ${path.resolve(dataDir)} is in use by another Dossier process (a running server, a backup or a restore).`);
  const other = await connect(socket);
  if (other) {
    other.destroy();
    throw inUse();
  }
  await rm(socket, { force: true });
  let handler: RequestHandler | null = null;
  let busy = false;
  const server: Server = createServer((connection) => {
    connection.on('error', () => undefined);
    const send = (message: unknown) => {
      if (!connection.destroyed) connection.write(`${JSON.stringify(message)}\n`);
    };
    const lines = createInterface({ input: connection });
    lines.once('line', (line) => {
      lines.close();
      const answer = async () => {
        if (!handler) throw new Error('The process holding the data directory takes no requests (a backup or a restore is running there).');
        if (busy) throw new Error('A backup is already being written by this server; try again when it is done.');
        busy = true;
        try {
          return await handler(JSON.parse(line) as unknown, (event) => send({ event }));
        } finally {
          busy = false;
        }
      };
      answer().then(
        (done) => connection.end(`${JSON.stringify({ done })}\n`),
        (error: unknown) => connection.end(`${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? inUse() : error));
    server.listen(socket, () => resolve());
  });
  // Not kept alive by the socket: a process that has nothing else to do ends, and its end lets go.
  server.unref();
  return {
    serve(next) {
      handler = next;
    },
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Sends a request to the process holding the data directory and answers its `done`, passing its events on as they
 * come; `{ held: false }` when nobody holds it.
 */
export async function askHolder(dataDir: string, request: unknown, onEvent: (event: unknown) => void): Promise<{ held: false } | { held: true; done: unknown }> {
  const connection = await connect(checkedSocketPath(dataDir));
  if (!connection) return { held: false };
  connection.write(`${JSON.stringify(request)}\n`);
  let done: { value: unknown } | null = null;
  for await (const line of createInterface({ input: connection, crlfDelay: Infinity })) {
    const message = JSON.parse(line) as { event?: unknown; done?: unknown; error?: string };
    if (message.error !== undefined) throw new Error(message.error);
    if ('done' in message) done = { value: message.done };
    else onEvent(message.event);
  }
  if (!done) throw new Error('The server stopped answering before the backup was done (was it stopped?): the backup is incomplete, and has no manifest.json.');
  return { held: true, done: done.value };
}
