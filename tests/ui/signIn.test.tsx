import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../../src/App.js';
import { Texts } from '../../shared/texts/index.js';
import { fakeServer } from './support/fakeServer.js';

async function signInAnswered(answer: { status: number; body: unknown }) {
  fakeServer(({ url }) => (url === '/oauth/token' ? answer : undefined));
  render(
    <MemoryRouter initialEntries={['/login']}>
      <App />
    </MemoryRouter>,
  );
  await userEvent.type(await screen.findByLabelText(/Username/), 'someone');
  await userEvent.type(screen.getByLabelText(/Password/), 'guess');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  return within(await screen.findByRole('alert')).getByRole('listitem');
}

describe('throttled sign-in', () => {
  it("shows the server's text when sign-in is over its rate limit (429)", async () => {
    const text = Texts.signIn.throttled(42);
    const line = await signInAnswered({ status: 429, body: { error: 'too_many_requests', error_description: text } });
    expect(line).toHaveTextContent('Too many sign-in attempts. Try again in 42 seconds.');
  });

  it('says sign-in is throttled when a 429 carries no text', async () => {
    const line = await signInAnswered({ status: 429, body: {} });
    expect(line).toHaveTextContent(Texts.signIn.throttledLater);
    expect(line).not.toHaveTextContent(Texts.global.noResponse);
  });
});
