import { useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { Timing } from '../../shared/constants.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { CaseWorkflow } from '../../schemas/types.js';
import { failureOf } from '../../dataProvider/httpClient.js';
import { workflowChanged, type WorkflowFields } from './caseRules.js';

/**
 * Polls the case's workflow state (GET /api/workflows/cases/{id}) every `intervalMs` while the page is visible —
 * and at once when the tab comes back into view; not when the page opens, whose read of the case carries the same
 * state — and calls `onChanged` when the state, status, lock,
 * critical date or completion date differ from the case as shown (a step taken elsewhere, a cleared completion
 * date), or when the case is gone (polling then stops). Another failed poll is quiet: the next one tries again. Answers the latest poll (the
 * lock holder's name comes from it).
 */
export function useCaseWorkflowPoll(caseId: number | undefined, shown: WorkflowFields | undefined, onChanged: () => void, intervalMs: number = Timing.CASE_WORKFLOW_POLL_MS): CaseWorkflow | undefined {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const [latest, setLatest] = useState<CaseWorkflow>();
  // The poll compares with what is shown now, without restarting its timer on every render.
  const shownRef = useRef(shown);
  const onChangedRef = useRef(onChanged);
  useEffect(() => {
    shownRef.current = shown;
    onChangedRef.current = onChanged;
  });

  useEffect(() => {
    if (caseId === undefined) return;
    let cancelled = false;
    let inFlight = false;
    // The case is gone: no more polls, even when the tab comes back into view.
    let gone = false;
    let timer: ReturnType<typeof setInterval> | undefined;

    const poll = async () => {
      if (inFlight || document.visibilityState === 'hidden') return;
      inFlight = true;
      try {
        const answer = await dataProvider.callOperation('cases', 'workflow', caseId);
        // A sign-out answers the call with react-admin's empty stand-in: nothing to compare.
        if (cancelled || !answer || typeof answer.WorkflowState !== 'string') return;
        setLatest(answer);
        const current = shownRef.current;
        if (current && workflowChanged(current, answer)) onChangedRef.current();
      } catch (error) {
        // The case was deleted or moved out of reach: polling stops, and a case still shown is read again to say so.
        if (!cancelled && failureOf(error).status === 404) {
          gone = true;
          stop();
          if (shownRef.current) onChangedRef.current();
        }
      } finally {
        inFlight = false;
      }
    };
    const start = (now: boolean) => {
      if (timer !== undefined || gone) return;
      if (now) void poll();
      timer = setInterval(() => void poll(), intervalMs);
    };
    const stop = () => {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? stop() : start(true));

    if (document.visibilityState !== 'hidden') start(false);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      cancelled = true;
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [caseId, dataProvider, intervalMs]);

  return latest?.Id === caseId ? latest : undefined;
}
