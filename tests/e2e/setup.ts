import { afterEach } from 'vitest';
import { recordFailure, takeCspViolations } from './browser.js';

// A failed browser test leaves a screenshot of what it saw and the open dialogs' text in the log. Any
// Content-Security-Policy violation of its pages fails it.
afterEach(async ({ task }) => {
  const violations = takeCspViolations();
  await recordFailure(task.name, task.result?.state === 'fail' || violations.length > 0);
  if (violations.length > 0) throw new Error(`The Content-Security-Policy refused:\n${violations.join('\n')}`);
});
