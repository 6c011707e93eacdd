import { afterEach } from 'vitest';
import { recordFailure } from './browser.js';

// A failed browser test leaves a screenshot of what it saw and the open dialogs' text in the log.
afterEach(({ task }) => recordFailure(task.name, task.result?.state === 'fail'));
