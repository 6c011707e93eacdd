import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { Live } from '../../shared/constants.js';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { readState } from '../../dataProvider/session.js';
import { LiveNotices } from '../../src/live/LiveNotices.js';
import { LIVE_EVENTS_PATH } from '../../src/live/liveStream.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderAt } from './support/renderApp.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

/**
 * Live notices in the browser (spec 001 §2 "Real-time notices", §8 info toasts): the stream is a fetch with the
 * bearer token; a notice shows its toast, and a click on it refreshes the page's data.
 */
const T = Texts.live;
const encoder = new TextEncoder();

interface OpenStream {
  url: string;
  headers: Headers;
  send(frame: string): void;
  end(): void;
}

/** The network: the live stream answered by streams the test writes to, every other call by the fake server. */
function liveServer() {
  fakeServer(() => undefined);
  const other = globalThis.fetch;
  const streams: OpenStream[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) !== LIVE_EVENTS_PATH) return other(input, init);
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      init?.signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
      streams.push({
        url: String(input),
        headers: new Headers(init?.headers),
        send: (frame) => controller.enqueue(encoder.encode(frame)),
        end: () => controller.close(),
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return {
    streams,
    /** The newest stream, once the client opened it. */
    async opened(count = 1): Promise<OpenStream> {
      await waitFor(() => expect(streams.length).toBe(count));
      const stream = streams[count - 1];
      act(() => stream.send('event: ready\ndata: {}\n\n'));
      return stream;
    },
  };
}

const frame = (data: object) => `event: notice\ndata: ${JSON.stringify(data)}\n\n`;
const caseFields = { caseId: 41, caseNumber: 'DOS-2026-000123', lastName: 'Whitfield' };

/** Counts how often the page's data was loaded: react-admin's refresh reloads every query on the page. */
let loads = 0;
function PageData() {
  useQuery({ queryKey: ['probe'], queryFn: () => ++loads });
  return null;
}

function renderNotices(roles: string[] = [Permissions.Cases.VIEW_CASES, Permissions.Items.VIEW_ITEMS]) {
  signedInAs(roles);
  const server = liveServer();
  renderWithAdmin(
    <>
      <PageData />
      <LiveNotices />
    </>,
  );
  return server;
}

/** Web Locks as a browser grants them: one holder at a time, the next waiting in turn (or until it gives up). */
function oneHolderLocks() {
  let held = false;
  const waiting: (() => void)[] = [];
  return {
    async request(_name: string, options: { signal?: AbortSignal }, callback: () => Promise<unknown>) {
      while (held) {
        await new Promise<void>((resolve, reject) => {
          waiting.push(resolve);
          options.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        });
      }
      held = true;
      try {
        return await callback();
      } finally {
        held = false;
        waiting.shift()?.();
      }
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  loads = 0;
});

describe('live notices', () => {
  it('opens the stream with the bearer token (not in the URL) and shows an item update as an info toast', async () => {
    const server = renderNotices();
    const stream = await server.opened();
    expect(stream.url).toBe('/api/live/events');
    expect(stream.headers.get('authorization')).toBe('Bearer test-token');
    act(() => stream.send(frame({ kind: 'itemUpdated', ...caseFields, itemId: 900, displayId: 3 })));
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent(T.itemUpdated('003', 'Whitfield'));
    expect(toast).toHaveTextContent('Item #003 for case #Whitfield was updated. Click to refresh.');
    expect(toast).toHaveClass('MuiAlert-filledInfo');
  });

  it('refreshes the page when the toast is clicked, and closes it', async () => {
    const server = renderNotices();
    const stream = await server.opened();
    await waitFor(() => expect(loads).toBe(1));
    act(() => stream.send(frame({ kind: 'caseUpdated', ...caseFields })));
    const text = 'Case #000123 Whitfield was updated. Click to refresh.';
    expect(await screen.findByRole('status')).toHaveTextContent(text);
    await userEvent.click(screen.getByText(text));
    await waitFor(() => expect(loads).toBe(2));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('shows new cases and items in the spec words, the newest of notices that come together, for 6 seconds', async () => {
    const server = renderNotices();
    const stream = await server.opened();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() => {
      stream.send(frame({ kind: 'caseCreated', ...caseFields }));
      stream.send(frame({ kind: 'itemAdded', ...caseFields, itemId: 901, displayId: 4 }));
    });
    expect(await screen.findByRole('status')).toHaveTextContent(T.itemAdded);
    expect(screen.queryByText(T.caseAdded)).not.toBeInTheDocument();
    act(() => stream.send(frame({ kind: 'caseCreated', ...caseFields })));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(T.caseAdded));
    // In small steps, so a toast closing earlier would also have finished its exit.
    for (let elapsed = 0; elapsed < Live.TOAST_MS - 500; elapsed += 250) await act(() => vi.advanceTimersByTimeAsync(250));
    expect(screen.getByRole('status')).toHaveTextContent(T.caseAdded);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('reconnects after the stream is lost', async () => {
    const server = renderNotices();
    const first = await server.opened();
    act(() => first.end());
    const second = await server.opened(2);
    act(() => second.send(frame({ kind: 'caseCreated', ...caseFields })));
    expect(await screen.findByRole('status')).toHaveTextContent(T.caseAdded);
  });

  it('signs out when the server ends the stream because the session was replaced', async () => {
    const server = renderNotices();
    const stream = await server.opened();
    act(() => {
      stream.send(`event: end\ndata: ${JSON.stringify({ status: 419, Message: Texts.global.signedInElsewhere })}\n\n`);
      stream.end();
    });
    expect(await screen.findByText(Texts.global.signedInElsewhere)).toBeInTheDocument();
    await waitFor(() => expect(readState().account.token).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, Live.RECONNECT_MIN_MS + 200));
    expect(server.streams).toHaveLength(1);
  });

  it('reconnects, still signed in, when the server ends the stream because it is stopping', async () => {
    const server = renderNotices();
    const first = await server.opened();
    act(() => {
      first.send(`event: end\ndata: ${JSON.stringify({ status: 503, Message: Texts.global.serverStopping })}\n\n`);
      first.end();
    });
    const second = await server.opened(2);
    expect(readState().account.token).not.toBeNull();
    expect(screen.queryByText(Texts.global.sessionExpired)).not.toBeInTheDocument();
    act(() => second.send(frame({ kind: 'caseCreated', ...caseFields })));
    expect(await screen.findByRole('status')).toHaveTextContent(T.caseAdded);
  });

  it('does not connect without View Cases', async () => {
    const server = renderNotices([Permissions.Items.VIEW_ITEMS]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.streams).toHaveLength(0);
  });

  it('keeps one stream for all tabs where the browser has Web Locks, and every tab shows its notices', async () => {
    Object.defineProperty(navigator, 'locks', { value: oneHolderLocks(), configurable: true });
    try {
      signedInAs([Permissions.Cases.VIEW_CASES]);
      const server = liveServer();
      // Two tabs: two apps with their own toasts, sharing the browser's locks and broadcast channels.
      renderWithAdmin(<LiveNotices />);
      renderWithAdmin(<LiveNotices />);
      const stream = await server.opened();
      act(() => stream.send(frame({ kind: 'caseCreated', ...caseFields })));
      await waitFor(() => expect(screen.getAllByRole('status')).toHaveLength(2));
      for (const toast of screen.getAllByRole('status')) expect(toast).toHaveTextContent(T.caseAdded);
      expect(server.streams).toHaveLength(1);
    } finally {
      delete (navigator as { locks?: unknown }).locks;
    }
  });

  it('is part of the signed-in shell', async () => {
    signedInAs([Permissions.Cases.VIEW_CASES]);
    const server = liveServer();
    renderAt('/cases');
    await server.opened();
  });
});
