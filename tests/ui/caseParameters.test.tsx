import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Texts } from '../../shared/texts/index.js';
import type { CaseParameter } from '../../schemas/types.js';
import { CaseParameters } from '../../src/cases/CaseParameters.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

/**
 * A case's Additional Settings (spec 001 §2, §7, §8): read through the data provider's named call, every setting
 * saved in one multipart call and read again, the spec's toasts, and the read-only and failure views.
 */

const T = Texts.cases;

const PARAMETERS: CaseParameter[] = [
  { ParameterName: 'Position Title', ParameterReference: 'PositionTitle', ParameterValue: 'Analyst', ParameterType: 'text' },
  { ParameterName: 'Special Instructions', ParameterReference: 'SpecialInstructions', ParameterValue: null, ParameterType: 'TextArea' },
];

type Handler = Parameters<typeof fakeServer>[0];

function parametersPanel({ readOnly = false, override }: { readOnly?: boolean; override?: Handler } = {}) {
  let stored = PARAMETERS.map((p) => ({ ...p }));
  const server = fakeServer((request) => {
    const answer = override?.(request);
    if (answer) return answer;
    const { method, url, body } = request;
    if (method === 'GET' && url === '/api/cases/42/CaseCustomParameters') return { body: stored };
    if (method === 'POST' && url === '/api/cases/42/UpdateCaseCustomParameters') {
      const form = body as FormData;
      stored = stored.map((p) => ({ ...p, ParameterValue: String(form.get(p.ParameterReference) ?? '') || null }));
      return { body: stored };
    }
    return undefined;
  });
  signedInAs([]);
  renderWithAdmin(<CaseParameters caseId={42} readOnly={readOnly} />);
  return server;
}

const reads = <C extends { method: string; url: string }>(calls: C[]) => calls.filter((c) => c.method === 'GET' && c.url === '/api/cases/42/CaseCustomParameters');

describe('the additional settings of a case', () => {
  it('labels each value by its name, a TextArea setting on several lines', async () => {
    parametersPanel();
    const title = await screen.findByRole('textbox', { name: 'Position Title' });
    expect(title).toHaveValue('Analyst');
    expect(title.tagName).toBe('INPUT');
    const instructions = screen.getByRole('textbox', { name: 'Special Instructions' });
    expect(instructions.tagName).toBe('TEXTAREA');
    expect(instructions).toHaveValue('');
  });

  it('saves every setting as a multipart form, then reads them again', async () => {
    const { calls } = parametersPanel();
    const title = await screen.findByRole('textbox', { name: 'Position Title' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Special Instructions' }), 'Call before visiting.');
    await userEvent.clear(title);
    await userEvent.type(title, 'Senior Analyst');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(T.toasts.parametersSaved)).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.url).toBe('/api/cases/42/UpdateCaseCustomParameters');
    expect(sent.body).toBeInstanceOf(FormData);
    expect([...(sent.body as FormData).entries()]).toEqual([
      ['PositionTitle', 'Senior Analyst'],
      ['SpecialInstructions', 'Call before visiting.'],
    ]);
    await waitFor(() => expect(reads(calls)).toHaveLength(2));
    expect(calls.indexOf(reads(calls)[1])).toBeGreaterThan(calls.indexOf(sent));
    expect(await screen.findByRole('textbox', { name: 'Special Instructions' })).toHaveValue('Call before visiting.');
  });

  it('sends a setting left alone and an emptied one too', async () => {
    const { calls } = parametersPanel();
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Position Title' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(T.toasts.parametersSaved)).toBeInTheDocument();
    expect([...(calls.find((c) => c.method === 'POST')!.body as FormData).entries()]).toEqual([
      ['PositionTitle', ''],
      ['SpecialInstructions', ''],
    ]);
  });

  it("says 'ERROR Updating Information.' in an error toast when saving fails (docs/decisions.md)", async () => {
    parametersPanel({ override: ({ method }) => (method === 'POST' ? { status: 500, body: { Message: 'Database unavailable.' } } : undefined) });
    await screen.findByRole('textbox', { name: 'Position Title' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const toast = await screen.findByText(T.errors.parametersFailed);
    expect(toast.closest('[role="alert"]')).toHaveClass('MuiAlert-colorError');
    expect(screen.queryByText('Database unavailable.')).not.toBeInTheDocument();
  });

  it('shows the values without inputs or Save when read only', async () => {
    parametersPanel({ readOnly: true });
    expect(await screen.findByText('Analyst')).toBeInTheDocument();
    expect(screen.getByText('Position Title')).toBeInTheDocument();
    expect(screen.getByText('Special Instructions')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it("says 'Unable to show AdditionalInformations' when the settings cannot be read, never an empty list", async () => {
    parametersPanel({ override: ({ method }) => (method === 'GET' ? { status: 500, body: {} } : undefined) });
    expect(await screen.findByText(T.errors.parametersShowFailed)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByText(T.parameters.none)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
