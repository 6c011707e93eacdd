import { useMemo } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import type { ReactElement } from 'react';
import type { ResourceDeclaration } from '../../resources/declaration.js';
import type { ColumnProps } from './columns.js';
import type { ColumnView } from '../../dataProvider/resourceAdapter.js';
import { PREFERENCE_KEY_PREFIX, readState } from '../../dataProvider/session.js';

export interface ColumnChoices {
  /** react-admin's store key of the table's hidden columns (and `${storeKey}_columnRanks`, their order): one per resource and user. */
  storeKey: string;
  /** The columns hidden until the user shows them: the view's `wideOnly` columns, below a wide screen. */
  hiddenByDefault: string[];
  /** The table offers the column chooser: it has columns hidden by default (on a narrower screen). */
  chooser: boolean;
}

/**
 * Which columns of a declared table show. A `wideOnly` column is shown on a wide screen (1536 px and more) and hidden
 * by default below, where the column chooser (react-admin's ColumnsButton) offers it; what the user chooses is kept
 * in react-admin's store under a key of the resource and the signed-in user, so people sharing a browser keep their
 * own choices, and it outlives sign-outs (`keepingPreferences`). Columns the server leaves out for this user
 * (`operations.list.answer.columns`) are never offered.
 */
export function useColumnChoices(declaration: ResourceDeclaration, columns: readonly ReactElement<ColumnProps>[], view: ColumnView): ColumnChoices {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'), { noSsr: true });
  const userId = readState().account.user?.Id ?? 'anonymous';
  const optional = columns
    .filter(({ props: column }) => column.wideOnly && !view.hidden?.includes(column.source))
    .map(({ props: column }) => column.source)
    .join('\n');
  const hiddenByDefault = useMemo(() => (wide || !optional ? [] : optional.split('\n')), [wide, optional]);
  return {
    storeKey: `${PREFERENCE_KEY_PREFIX}columns.${declaration.name}.${userId}`,
    hiddenByDefault,
    chooser: optional !== '',
  };
}
