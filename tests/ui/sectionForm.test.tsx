import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SectionForm } from '../../src/forms/SectionForm.js';
import { SchemaForm } from '../../src/forms/SchemaForm.js';
import { Schemas, type ObjectSchema } from '../../schemas/index.js';
import { normalizeSectionDefinition, type FieldList, type SectionField } from '../../shared/sections.js';
import { applyFormData, definitionToFormData, definitionToSchema, emptyRequiredFields } from '../../shared/sectionSchema.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';
import { field } from './support/sectionFields.js';


const everyType: FieldList = {
  fields: {
    field: [
      field('text', 'Interview Location', { '@required': true }),
      field('textarea', 'Summary', { '@allowStockPhrases': true, '@instructions': 'Third person, past tense.' }),
      field('checkbox', 'Subject Cooperative', { '#text': 'true' }),
      field('phoneNumber', 'Contact Phone'),
      field('date', 'Interview Date', { '@required': true, '@allowCurrent': true }),
      field('address', 'Residence', { '@required': true }),
      field('list', 'Source Type', { '@listType': 'SourceType' }),
      field('list', 'Issue Areas', { '@listType': 'SourceType', '@allowMultiple': true }),
      field('template', 'References', { Template: { fields: { field: [field('text', 'Reference Name', { '@required': true })] } } }),
      field('rating', 'Stars'),
    ],
  },
};

const sourceTypes = [
  {
    TableName: 'SourceType',
    FormattedTableName: 'Source Type',
    IsDynamic: true,
    Types: [
      { Id: 21, Short: 'NEIGHBOR', Description: 'Neighbor', Hidden: false },
      { Id: 22, Short: 'FRIEND', Description: 'Friend', Hidden: false },
    ],
  },
];

afterEach(() => vi.restoreAllMocks());

describe('the section renderer', () => {
  it('renders every field type with labels, instructions and required markers', async () => {
    fakeServer(() => undefined);
    signedInAs([], {}, [], sourceTypes);
    renderWithAdmin(<SectionForm sectionName="Subject Interview" definition={everyType} />);
    const location = await screen.findByRole('textbox', { name: /Interview Location/ });
    expect(location).toBeRequired();
    expect(document.querySelector(`label[for="${location.id}"]`)).toHaveTextContent('Interview Location *');
    expect(screen.getByRole('textbox', { name: 'Contact Phone' })).not.toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.getByText('Third person, past tense.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Subject Cooperative' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Contact Phone' })).toHaveAttribute('placeholder', '555-555-5555');
    expect(screen.getByRole('checkbox', { name: 'Current' })).toBeInTheDocument();
    expect(screen.getByText('Residence')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Postal Code/ })).toBeInTheDocument();
    expect(screen.getByText('References')).toBeInTheDocument();
    expect(screen.getByText('Missing field for type rating')).toBeInTheDocument();
  });

  it('writes entered values back into the definition, phone formatted and lists by Short', async () => {
    fakeServer(() => undefined);
    signedInAs([], {}, [], sourceTypes);
    const onChange = vi.fn();
    renderWithAdmin(<SectionForm sectionName="Subject Interview" definition={everyType} onChange={onChange} />);
    await userEvent.type(await screen.findByRole('textbox', { name: /Interview Location/ }), 'Columbia office');
    await userEvent.type(screen.getByRole('textbox', { name: 'Contact Phone' }), '8035551234');
    await userEvent.click(screen.getByRole('combobox', { name: 'Source Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Friend' }));
    await waitFor(() => {
      const last: FieldList = onChange.mock.calls.at(-1)![0];
      const byName = Object.fromEntries(last.fields.field.map((f) => [f['@name'], f]));
      expect(byName.InterviewLocation['#text']).toBe('Columbia office');
      expect(byName.ContactPhone['#text']).toBe('803-555-1234');
      expect(byName.SourceType['#text']).toBe('FRIEND');
      expect(byName.SubjectCooperative['#text']).toBe('true');
    });
  });

  it('adds entries to a template field, each with its own fields', async () => {
    fakeServer(() => undefined);
    signedInAs([], {}, [], sourceTypes);
    renderWithAdmin(<SectionForm sectionName="Residence" definition={{ fields: { field: [everyType.fields.field[8]] } }} />);
    const add = await screen.findByRole('button', { name: /add/i });
    await userEvent.click(add);
    await userEvent.click(screen.getByRole('button', { name: /add/i }));
    expect(screen.getAllByRole('textbox', { name: /Reference Name/ })).toHaveLength(2);
  });

  it('shows the product wording for a missing required value on submit, without logging it as a fault', async () => {
    const consoleError = vi.spyOn(console, 'error');
    fakeServer(() => undefined);
    signedInAs([], {}, [], sourceTypes);
    const onSubmit = vi.fn();
    renderWithAdmin(
      <SectionForm sectionName="X" definition={{ fields: { field: [everyType.fields.field[0]] } }} onSubmit={onSubmit} id="section">
        <button type="submit">Save</button>
      </SectionForm>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Interview Location is required.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(consoleError.mock.calls.filter(([first]) => first === 'Form validation failed')).toEqual([]);
  });
});

describe('the schema form', () => {
  it('shows an invalid value beside its field on submit, without logging "Form validation failed"', async () => {
    const consoleError = vi.spyOn(console, 'error');
    fakeServer(() => undefined);
    signedInAs([]);
    const onSubmit = vi.fn();
    renderWithAdmin(
      <SchemaForm id="security" schema={Schemas.securitySettings as ObjectSchema} formData={{ AutoLogoutTime: 0 }} onSubmit={onSubmit}>
        <button type="submit">Save</button>
      </SchemaForm>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const field = screen.getByLabelText(/Auto-logout \(minutes\)/);
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    // The message shows beside the field: that is where the person reads it.
    expect(document.getElementById(`${field.id}__error`)).toHaveTextContent('Auto-logout (minutes) must be at least 1.');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(consoleError.mock.calls.filter(([first]) => first === 'Form validation failed')).toEqual([]);
  });
});

describe('definition ↔ form model', () => {
  it('round-trips values of every type', () => {
    const data = {
      InterviewLocation: 'Office',
      Summary: 'Met in person.',
      SubjectCooperative: false,
      ContactPhone: '803-555-1234',
      InterviewDate: 'current',
      Residence: { line1: '1 Main St', city: 'Columbia', region: 'SC', postalCode: '29201' },
      SourceType: 'FRIEND',
      IssueAreas: ['FRIEND', 'NEIGHBOR'],
      References: [{ ReferenceName: 'Ann Lee' }],
    };
    const filled = applyFormData(everyType, data);
    const issueAreas = filled.fields.field.find((f) => f['@name'] === 'IssueAreas')!;
    expect(issueAreas['#text']).toBe('FRIEND, NEIGHBOR');
    expect(filled.fields.field.find((f) => f['@name'] === 'Residence')).toMatchObject({ line1: '1 Main St', region: 'SC' });
    expect(definitionToFormData(filled)).toEqual(data);
  });

  it('lists required fields without a value, per template entry too', () => {
    const filled = applyFormData(everyType, { References: [{ ReferenceName: '' }], Residence: { line1: '1 Main St', city: 'Columbia' } });
    expect(emptyRequiredFields(filled)).toEqual(['Interview Location', 'Interview Date', 'Residence', 'References: Reference Name']);
  });

  it('makes required non-checkbox fields required in the schema and address parts required inside the address', () => {
    const { schema } = definitionToSchema(everyType);
    expect(schema.required).toEqual(['InterviewLocation', 'InterviewDate']);
    expect(schema.properties!.Residence.required).toEqual(['line1', 'city', 'region', 'postalCode']);
    expect(schema.properties!.References.items!.required).toEqual(['ReferenceName']);
  });
});

/** The definition as the XML heritage writes it: every flag as attribute text ("true" / "false"). */
function attributeForm(list: FieldList): FieldList {
  return {
    fields: {
      field: list.fields.field.map((f) => {
        const out = Object.fromEntries(Object.entries(f).map(([key, value]) => [key, key.startsWith('@') && typeof value === 'boolean' ? String(value) : value]));
        if (f.Template) out.Template = attributeForm(f.Template);
        return out as unknown as SectionField;
      }),
    },
  };
}

describe('the XML attribute form of a definition', () => {
  const attributes = attributeForm(everyType);

  it('normalises attribute-text flags to JSON booleans, nested templates too, without changing its input', () => {
    expect(attributes.fields.field[0]['@required']).toBe('true');
    const copy = structuredClone(attributes);
    expect(normalizeSectionDefinition(attributes)).toEqual(everyType);
    expect(attributes).toEqual(copy);
    expect(normalizeSectionDefinition(everyType)).toEqual(everyType);
    const odd = {
      fields: {
        field: [
          { '@type': 'text', '@required': ' FALSE ', '@showInReport': '1', '@allowCurrent': '0' },
          { '@type': 'checkbox', '#text': true },
          { '@type': 'text', '@required': 'maybe', '#text': 'true' },
        ],
      },
    };
    expect(normalizeSectionDefinition(odd)).toEqual({
      fields: {
        field: [
          { '@type': 'text', '@required': false, '@showInReport': true, '@allowCurrent': false },
          { '@type': 'checkbox', '#text': 'true' },
          { '@type': 'text', '@required': 'maybe', '#text': 'true' },
        ],
      },
    });
  });

  it('leaves anything that is not a fields.field list as it is', () => {
    for (const value of [null, 'text', 42, [], {}, { fields: {} }, { fields: { field: 'x' } }]) expect(normalizeSectionDefinition(value)).toEqual(value);
  });

  it('gives the same schema, form data and required fields as the JSON-boolean form', () => {
    expect(definitionToSchema(attributes)).toEqual(definitionToSchema(everyType));
    expect(definitionToFormData(attributes)).toEqual(definitionToFormData(everyType));
    const data = { IssueAreas: ['FRIEND', 'NEIGHBOR'], References: [{ ReferenceName: '' }] };
    expect(applyFormData(attributes, data)).toEqual(applyFormData(everyType, data));
    expect(emptyRequiredFields(applyFormData(attributes, data))).toEqual(emptyRequiredFields(applyFormData(everyType, data)));
  });

  it('renders like the JSON-boolean form', async () => {
    fakeServer(() => undefined);
    signedInAs([], {}, [], sourceTypes);
    renderWithAdmin(<SectionForm sectionName="Subject Interview" definition={attributes} />);
    expect(await screen.findByRole('textbox', { name: /Interview Location/ })).toBeRequired();
    expect(screen.getByRole('checkbox', { name: 'Current' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Subject Cooperative' })).toBeChecked();
  });
});
