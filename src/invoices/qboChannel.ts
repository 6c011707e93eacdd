/**
 * How the /qbo/auth pop-up hands QuickBooks' answer (its query string) to the window that opened it: a message to
 * the opener, and the same on a same-origin BroadcastChannel for when the opener link was severed on the way
 * through QuickBooks' pages. The receiving side takes the first and ignores a repeat.
 */
const CHANNEL = 'dossier-qbo-auth';

export interface QboAuthMessage {
  qbo: string;
}

const isQboMessage = (data: unknown): data is QboAuthMessage => typeof (data as QboAuthMessage | null)?.qbo === 'string';

/** The pop-up side: sends what it was opened with. */
export function sendQboResult(search: string): void {
  const message: QboAuthMessage = { qbo: search };
  if (window.opener) (window.opener as Window).postMessage(message, window.location.origin);
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage(message);
    channel.close();
  }
}

/** The opener side: calls `onResult` with QuickBooks' answer once per pop-up; answers the unsubscribe. */
export function listenForQboResult(onResult: (search: string) => void): () => void {
  let done = false;
  const take = (data: unknown) => {
    if (done || !isQboMessage(data)) return;
    done = true;
    onResult(data.qbo);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin) take(event.data);
  };
  window.addEventListener('message', onMessage);
  const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(CHANNEL) : null;
  if (channel) channel.onmessage = (event: MessageEvent) => take(event.data);
  return () => {
    window.removeEventListener('message', onMessage);
    channel?.close();
  };
}
