import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { ErrorBoundary } from '../../src/layout/ErrorBoundary.js';
import { sideList } from '../../src/resources/SchemaList.js';
import type { ViewProps } from '../../src/resources/views.js';
import { resourceByName } from '../../resources/index.js';

const declaration = resourceByName('expense-types')!;

/** A module whose loading the test settles by hand. */
function deferred<T>() {
  let settle!: { resolve(value: T): void; reject(error: unknown): void };
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

describe('a list view loaded apart from the app (sideList)', () => {
  it("shows the list's skeleton with its title until the view's code is there, then the view", async () => {
    const module = deferred<{ Columns: (props: ViewProps) => ReactElement }>();
    const List = sideList(() => module.promise, (m) => m.Columns);
    render(<List declaration={declaration} />);
    expect(screen.getByRole('heading', { name: 'Expense Types' })).toBeInTheDocument();
    expect(screen.queryByText('the columns')).not.toBeInTheDocument();
    module.resolve({ Columns: ({ declaration: shown }: ViewProps) => <p>the columns of {shown.title}</p> });
    expect(await screen.findByText('the columns of Expense Types')).toBeInTheDocument();
  });

  it('shows a progress bar in place of a list under a parent row, and loads the code once for every list drawn', async () => {
    let loads = 0;
    const module = deferred<{ Columns: () => ReactElement }>();
    const List = sideList(
      () => {
        loads += 1;
        return module.promise;
      },
      (m) => m.Columns,
    );
    render(
      <>
        <List declaration={declaration} parent={{ Id: 1 }} />
        <List declaration={declaration} parent={{ Id: 2 }} />
      </>,
    );
    expect(screen.getAllByRole('progressbar', { name: 'Loading' })).toHaveLength(2);
    module.resolve({ Columns: () => <p>rows</p> });
    expect(await screen.findAllByText('rows')).toHaveLength(2);
    expect(loads).toBe(1);
  });

  it('says the list cannot be shown when its code fails to load, never an empty list', async () => {
    const module = deferred<{ Columns: () => ReactElement }>();
    const List = sideList(() => module.promise, (m) => m.Columns);
    render(
      <ErrorBoundary message="Unable to show the list">
        <List declaration={declaration} />
      </ErrorBoundary>,
    );
    module.reject(new TypeError('Failed to fetch dynamically imported module'));
    expect(await screen.findByText('Unable to show the list')).toBeInTheDocument();
  });
});
