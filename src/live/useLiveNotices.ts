import { useEffect, useRef } from 'react';
import { useCanAccess, useLogoutIfAccessDenied } from 'react-admin';
import { Live } from '../../shared/constants.js';
import { getToken } from '../../dataProvider/session.js';
import { parseNotice, runLiveNotices, type LiveNotice } from './liveStream.js';

/** The Web Lock held by the one tab that keeps the stream open, and the channel it passes notices on. */
const LEADER_LOCK = 'dossier-live-notices';
const TAB_CHANNEL = 'dossier-live-notices';

/**
 * Live notices (spec 001 §2 "Real-time notices"): while the user is signed in and may see cases, keeps the event
 * stream open (reconnecting with back-off) and hands each notice to `onNotice`; notices that arrive together (one
 * save that touched several items) are handed over as one, the newest, after Live.NOTICE_DEBOUNCE_MS. A session
 * that ended (401/419) signs out as any call would.
 *
 * Browsers open at most six HTTP/1.1 connections per server, shared by all tabs, and a stream holds one for good:
 * where the browser has Web Locks, one tab (the holder of a lock) keeps the stream and passes its notices to the
 * other tabs, and another tab takes over when it closes.
 */
export function useLiveNotices(onNotice: (notice: LiveNotice) => void): void {
  const { canAccess = false } = useCanAccess({ resource: 'cases', action: 'list' });
  const enabled = canAccess && getToken() !== null;
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  // The stream lives as long as `enabled`; the latest callbacks are read through a ref.
  const latest = useRef({ onNotice, logoutIfAccessDenied });
  useEffect(() => {
    latest.current = { onNotice, logoutIfAccessDenied };
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const { signal } = controller;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (notice: LiveNotice) => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current.onNotice(notice), Live.NOTICE_DEBOUNCE_MS);
    };
    const onSessionEnd = (status: 401 | 419) => void latest.current.logoutIfAccessDenied({ status });

    const locks = 'locks' in navigator ? navigator.locks : undefined;
    const channel = locks && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(TAB_CHANNEL) : null;
    if (locks && channel) {
      channel.onmessage = (message: MessageEvent<unknown>) => {
        const notice = parseNotice(message.data);
        if (notice) show(notice);
      };
      const lead = () =>
        runLiveNotices({
          signal,
          onSessionEnd,
          onNotice(notice) {
            show(notice);
            channel.postMessage(notice);
          },
        });
      // Rejected with an AbortError when this tab closes or signs out while waiting for the lock.
      locks.request(LEADER_LOCK, { signal }, lead).catch(() => undefined);
    } else {
      void runLiveNotices({ signal, onSessionEnd, onNotice: show });
    }
    return () => {
      controller.abort();
      clearTimeout(timer);
      channel?.close();
    };
  }, [enabled]);
}
