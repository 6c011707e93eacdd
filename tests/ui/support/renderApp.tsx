import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { App } from '../../../src/App.js';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** Renders the whole app at a path, with the current path readable through `where()`. */
export const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <Where />
    </MemoryRouter>,
  );

/** The path the app is at now. */
export const where = () => screen.getByTestId('where');
