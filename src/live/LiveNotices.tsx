import { useCallback, type KeyboardEvent } from 'react';
import { Box } from '@mui/material';
import { useNotify, useRefresh } from 'react-admin';
import { Live } from '../../shared/constants.js';
import { noticeText, type LiveNotice } from './liveStream.js';
import { useLiveNotices } from './useLiveNotices.js';

/**
 * The words of a notice toast. A click anywhere on the toast refreshes the page's data (and, as on every toast,
 * closes it): the text stretches its click area over the whole toast.
 */
function NoticeMessage({ text, onRefresh }: { text: string; onRefresh: () => void }) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRefresh();
    }
  };
  return (
    <Box
      component="span"
      role="button"
      tabIndex={0}
      onClick={onRefresh}
      onKeyDown={onKeyDown}
      sx={{ '&::after': { content: '""', position: 'absolute', inset: 0 }, outline: 'none' }}
    >
      {text}
    </Box>
  );
}

/** Live notices of cases and items as info toasts (spec 001 §8), mounted once in the signed-in shell. */
export function LiveNotices() {
  const notify = useNotify();
  const refresh = useRefresh();
  const onNotice = useCallback(
    (notice: LiveNotice) =>
      notify(<NoticeMessage text={noticeText(notice)} onRefresh={refresh} />, { type: 'info', autoHideDuration: Live.TOAST_MS }),
    [notify, refresh],
  );
  useLiveNotices(onNotice);
  return null;
}
