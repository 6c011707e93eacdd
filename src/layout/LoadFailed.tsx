import { Alert, AlertTitle, Button } from '@mui/material';
import { Texts } from '../../shared/texts/index.js';
import { failureOf } from '../../dataProvider/httpClient.js';

/**
 * Something that did not load (a record page, an org tab, a select's choices): what failed and why (no answer at all:
 * "There was an error connecting to the server."), with a retry — never an empty form or list that looks like data.
 */
export function LoadFailed({ error, text, onRetry }: { error: unknown; text: string; onRetry(): void }) {
  const { status, message } = failureOf(error);
  const detail = !status ? Texts.global.noResponse : message !== text ? message : null;
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      <AlertTitle>{text}</AlertTitle>
      {detail}
    </Alert>
  );
}
