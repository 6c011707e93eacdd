import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { App } from '../../../src/App.js';
import { createQueryClient } from '../../../src/queryClient.js';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** Renders the whole app at a path, as a fresh page load (its own query cache), with the current path readable through `where()`. */
export const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App client={createQueryClient()} />
      <Where />
    </MemoryRouter>,
  );

/** The path the app is at now. */
export const where = () => screen.getByTestId('where');
