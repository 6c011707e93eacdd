import type { ReactNode } from 'react';
import { Alert, Box, Paper } from '@mui/material';

// Keys (a string followed by a colon), strings, literals and numbers of formatted JSON.
const TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false|null)\b|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
const COLORS = { key: '#7a2e8e', string: '#1f6f43', literal: '#a3441b', number: '#1d5fa8' } as const;

/** Formatted JSON as coloured spans (the text itself is exactly JSON.stringify's, two-space indented). */
export function highlightJson(formatted: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of formatted.matchAll(TOKEN)) {
    const index = match.index;
    if (index > last) parts.push(formatted.slice(last, index));
    const [text, string, colon, literal] = match;
    const kind = string !== undefined ? (colon ? 'key' : 'string') : literal !== undefined ? 'literal' : 'number';
    const shown = kind === 'key' ? string : text;
    parts.push(
      <Box component="span" key={index} data-json={kind} sx={{ color: COLORS[kind] }}>
        {shown}
      </Box>,
    );
    if (kind === 'key') parts.push(colon);
    last = index + text.length;
  }
  if (last < formatted.length) parts.push(formatted.slice(last));
  return parts;
}

/** The read-only view of a JSON text: formatted and coloured, or a warning when it does not parse. */
export function JsonView({ label, text, invalidMessage, maxHeight = 440 }: { label: string; text: string; invalidMessage: string; maxHeight?: number }) {
  let formatted: string;
  try {
    formatted = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return <Alert severity="warning">{invalidMessage}</Alert>;
  }
  return (
    <Paper variant="outlined" role="region" aria-label={label} sx={{ p: 1.5, maxHeight, overflow: 'auto', bgcolor: 'grey.50' }}>
      <Box component="pre" sx={{ m: 0, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13, lineHeight: 1.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {highlightJson(formatted)}
      </Box>
    </Paper>
  );
}
