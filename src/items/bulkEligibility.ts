import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { ItemEligibility, ItemEligibilityLeftOut as LeftOutItem } from '../../schemas/types.js';
import type { ItemAction } from '../../shared/workflow.js';
import { ItemTexts } from '../../shared/texts/items.js';
import { endedBySignOut, failureText } from '../resources/writeFailure.js';
import type { CaseGroup, ItemRow } from './selectedItems.js';

const T = ItemTexts;

/** What the server said of each case's selected items, per action the modal may take. */
export type Answers = Map<number, Partial<Record<ItemAction, ItemEligibility>>>;

/**
 * Asks the server, per case and per action the modal may take, which of the selected items it may change now and why
 * the others are left out (`POST …/items/eligible`, the rule the bulk calls refuse by) — when the selection changes,
 * and again when `version` does (after a refusal: something changed meanwhile).
 */
export function useEligibility(groups: readonly CaseGroup[], actions: readonly ItemAction[], version: number) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const [state, setState] = useState<{ answers: Answers | null; error: string | null }>({ answers: null, error: null });
  useEffect(() => {
    if (!groups.length) return;
    let current = true;
    const asked = groups.flatMap((group) => actions.map(async (action) => ({ caseId: group.caseId, action, answer: await dataProvider.callOperation('caseItems', 'eligible', group.caseId, { Action: action, ItemIds: group.ids }) })));
    Promise.all(asked)
      .then((answered) => {
        if (!current || answered.some(({ answer }) => endedBySignOut(answer))) return;
        const answers: Answers = new Map();
        for (const { caseId, action, answer } of answered) answers.set(caseId, { ...answers.get(caseId), [action]: answer });
        setState({ answers, error: null });
      })
      .catch((error: unknown) => {
        if (current) setState({ answers: null, error: failureText(error, T.bulk.checkFailed) });
      });
    return () => {
      current = false;
    };
  }, [groups, actions, version, dataProvider]);
  return state;
}

/** A case's selected items split by what the server said of the action: those it may change, and those left out. */
export interface SplitGroup extends CaseGroup {
  leftOut: { item: ItemRow | undefined; leftOut: LeftOutItem }[];
}

/** The selected items by case, as the server said of `action` (none said yet: nothing to act on). */
export function splitGroups(groups: readonly CaseGroup[], answers: Answers | null, action: ItemAction): SplitGroup[] {
  return groups.map((group) => {
    const answer = answers?.get(group.caseId)?.[action];
    const eligible = new Set(answer?.Eligible ?? []);
    const items = group.items.filter((item) => eligible.has(Number(item.Id)));
    return {
      ...group,
      items,
      ids: items.map((item) => Number(item.Id)),
      leftOut: (answer?.LeftOut ?? []).map((leftOut) => ({ item: group.items.find((item) => Number(item.Id) === leftOut.Id), leftOut })),
    };
  });
}
