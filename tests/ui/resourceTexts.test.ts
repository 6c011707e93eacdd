import { describe, expect, it } from 'vitest';
import { resources } from '../../resources/index.js';
import { views } from '../../src/views.js';
import { defaultTexts, singularOf, textsOf } from '../../src/resources/resourceTexts.js';

/**
 * What a resource's screens say is its views' (issue 23): a contract holds no text, a view gives the spec's texts where
 * they differ from the generic ones, and every text a screen may show is there.
 */
describe('the generic texts', () => {
  it('name one record of a titled collection', () => {
    expect(['Vehicle Makes', 'Categories', 'Addresses', 'Boxes', 'Match', 'Data'].map(singularOf)).toEqual(['Vehicle Make', 'Category', 'Address', 'Box', 'Match', 'Data']);
  });

  it('say what happened to the record, by its name', () => {
    const texts = defaultTexts({ title: 'Vehicle Makes', recordRepresentation: (r) => String(r.Name) });
    const record = { Name: 'Studebaker' };
    expect([texts.created(record), texts.updated(record), texts.deleted(record), texts.hidden(record), texts.shown(record)]).toEqual([
      'The vehicle make Studebaker was created.',
      'The vehicle make Studebaker was updated.',
      'The vehicle make Studebaker was deleted.',
      'The vehicle make Studebaker was hidden.',
      'The vehicle make Studebaker was restored.',
    ]);
    expect([texts.add(), texts.editTitle(record), texts.editSubmit, texts.editAction, texts.empty]).toEqual(['Add Vehicle Make', 'Edit Vehicle Make', 'Save Vehicle Make', 'Edit', 'There are no vehicle makes.']);
    expect([texts.remove.confirmBody(record), ...texts.remove.labels]).toEqual(['Delete the vehicle make Studebaker?', 'Hide', 'Restore']);
  });

  it('give way to a view’s own, one by one', () => {
    const declaration = { title: 'Vehicle Makes', recordRepresentation: (r: Record<string, unknown>) => String(r.Name) };
    const texts = textsOf(declaration, { empty: 'No makes yet.', remove: { labels: ['Retire', 'Bring back'] } });
    expect(texts.empty).toBe('No makes yet.');
    expect(texts.remove.labels).toEqual(['Retire', 'Bring back']);
    expect(texts.remove.confirmBody({ Name: 'Ford' })).toBe('Delete the vehicle make Ford?');
    expect(texts.add()).toBe('Add Vehicle Make');
  });
});

describe.each(resources.map((r) => [r.name, r] as const))('the texts of %s', (name, declaration) => {
  const view = views[name]?.texts;

  it('are in its views, not its contract', () => {
    expect(Object.keys(declaration)).not.toContain('texts');
    expect(Object.keys(declaration.remove)).toEqual(expect.arrayContaining(['kind']));
    expect(Object.keys(declaration.remove).filter((key) => !['kind', 'when'].includes(key))).toEqual([]);
  });

  it('match how its rows are removed', () => {
    const kind = declaration.remove.kind;
    const given = Object.keys(view?.remove ?? {});
    if (kind !== 'delete') expect(given.filter((key) => key.startsWith('confirm') && key !== 'confirm')).toEqual([]);
    if (kind !== 'toggleHidden') expect(given.filter((key) => key === 'labels' || key === 'confirm')).toEqual([]);
    if (kind !== 'delete') expect(view?.deleted ?? view?.deleteFailed).toBeUndefined();
    if (kind !== 'toggleHidden') expect(view?.hidden ?? view?.shown).toBeUndefined();
  });

  it('say something for every action it offers', () => {
    const texts = textsOf(declaration, view);
    // A table of its rows is shown at its route or under its parent's row (pickers' lists and singletons show none).
    const listed = (Boolean(declaration.route) && !declaration.singleton) || Boolean(declaration.parent);
    if (listed) expect(texts.empty.trim()).not.toBe('');
    if (declaration.operations.create) expect(texts.add({}).trim()).not.toBe('');
    if (declaration.operations.update) expect(texts.editSubmit.trim()).not.toBe('');
    if (declaration.remove.kind === 'toggleHidden') expect(texts.remove.labels.every((label) => label.trim() !== '')).toBe(true);
  });
});
