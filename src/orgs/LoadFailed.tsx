import { Alert, AlertTitle, Button } from '@mui/material';
import { Texts } from '../../shared/texts/index.js';
import { failureOf } from '../../dataProvider/httpClient.js';

/**
 * A tab whose record did not load: what failed and why (no answer at all: "There was an error connecting to the
 * server."), with a retry — never an empty form that looks like an org without settings.
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
