import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { Texts } from '../../shared/texts/index.js';
import { errorMessageOf, failureOf } from '../../dataProvider/httpClient.js';

/**
 * What a failed load says, line by line (spec 000, global errors): no answer at all, "There was an error connecting to
 * the server."; a 403, the server's text or "Forbidden." (401 and 419 likewise: the session's end); any other failure, the server's data (its Message or
 * ModelState) when it sent some, plus "There was an error connecting to the server.". The screen's own text
 * (`already`) is not said twice.
 */
export function loadFailureLines(error: unknown, already?: string): string[] {
  const { status, message, body } = failureOf(error);
  if (!status) return [Texts.global.noResponse];
  // An ended session (401, 419) is the auth provider's to say; a refusal (403) says the server's reason.
  if (status === 401 || status === 403 || status === 419) return [message];
  const data = body ? errorMessageOf(body, '') : '';
  return data && data !== already && data !== Texts.global.noResponse ? [data, Texts.global.noResponse] : [Texts.global.noResponse];
}

/**
 * Something that did not load (a list, a record page, an org tab, a select's choices): the screen's text, what failed
 * and why (`loadFailureLines`), with Try again — never an empty form or list that looks like data. `square` fits it
 * edge to edge in a card (above a list's rows).
 */
export function LoadFailed({ error, text, onRetry, square = false }: { error: unknown; text?: string; onRetry(): void; square?: boolean }) {
  const lines = loadFailureLines(error, text);
  return (
    <Alert
      severity="error"
      sx={square ? { borderRadius: 0 } : undefined}
      action={
        <Button color="inherit" size="small" onClick={onRetry} sx={{ whiteSpace: 'nowrap' }}>
          Try again
        </Button>
      }
    >
      {text && <AlertTitle>{text}</AlertTitle>}
      {lines.map((line) => (
        <Box key={line}>{line}</Box>
      ))}
    </Alert>
  );
}
