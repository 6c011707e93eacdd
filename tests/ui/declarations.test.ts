import { describe, expect, it } from 'vitest';
import { resources, resourceByName } from '../../resources/index.js';
import { ALL_PERMISSIONS } from '../../shared/permissions.js';
import { permissionsFor, type ResourceDeclaration } from '../../resources/declaration.js';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { views } from '../../src/views.js';
import type { ColumnProps } from '../../src/resources/columns.js';
import { columnElements } from '../../src/resources/tableColumns.js';
import { SchemaList, type SchemaListProps, type SideList } from '../../src/resources/SchemaList.js';
import type { ViewProps } from '../../src/resources/views.js';

/**
 * Every declaration is consistent with the rest of the product: its views draw parts it has, its sub-resources
 * point back at it, its form fields are writable properties of its schema, and its permissions are the
 * catalogue's. A mistake here would otherwise show only when someone opens the screen.
 */
/**
 * The columns a resource's list view gives its SchemaList: the view (loaded as the app loads it) called as React
 * would — list views are plain JSX, no hooks — following a wrapper of its own down to the SchemaList element. None
 * when the resource has no list view of columns (a whole page of its own, or the columns guessed from its schema).
 */
/** The props its list view gives `SchemaList` (none without a list view of columns). */
async function listViewProps(declaration: ResourceDeclaration): Promise<SchemaListProps | undefined> {
  const side = views[declaration.name]?.list as Partial<SideList> | undefined;
  if (!side?.load) return undefined;
  let element: ReactNode = ((await side.load()) as (props: ViewProps) => ReactNode)({ declaration });
  for (let depth = 0; depth < 3 && isValidElement(element) && element.type !== SchemaList; depth++) {
    const { type, props } = element as ReactElement<Record<string, unknown>>;
    element = typeof type === 'function' ? (type as (props: Record<string, unknown>) => ReactNode)(props) : null;
  }
  if (!isValidElement(element) || element.type !== SchemaList) return undefined;
  const props = element.props as SchemaListProps;
  expect(props.resource, 'the view lists its own resource').toBe(declaration.name);
  return props;
}

async function listColumns(declaration: ResourceDeclaration): Promise<ColumnProps[]> {
  const props = await listViewProps(declaration);
  return props ? columnElements(props.children).map((column) => column.props) : [];
}

describe.each(resources.map((r) => [r.name, r] as const))('the declaration of %s', (_name, declaration) => {
  it('has a list view, when it has one of columns, that gives SchemaList its columns', async () => {
    const side = views[declaration.name]?.list as Partial<SideList> | undefined;
    if (side?.load) expect((await listColumns(declaration)).length).toBeGreaterThan(0);
  });

  it('lists sub-resources that name it as their parent, and a parent that exists', () => {
    for (const name of declaration.subResources ?? []) expect(resourceByName(name)?.parent?.resource, name).toBe(declaration.name);
    if (declaration.parent) expect(resourceByName(declaration.parent.resource), declaration.parent.resource).toBeDefined();
  });

  it('edits only writable properties of its schema', () => {
    for (const field of declaration.form.fields) {
      expect(declaration.schema.properties, field).toHaveProperty(field);
      expect(declaration.schema.properties[field].readOnly, field).not.toBe(true);
    }
  });

  it('guards links only with actions it defines (its own, or its operations named alike)', async () => {
    const view = await listViewProps(declaration);
    const links = [view?.rowLink, view?.editLink, ...(await listColumns(declaration)).map((c) => c.link)];
    for (const link of links) if (link?.action) expect(permissionsFor(declaration, link.action), link.action).toBeDefined();
  });

  it('has a page route only with a page, and only as a sub-resource', () => {
    if (!declaration.pageRoute) return;
    expect(views[declaration.name]?.page).toBeDefined();
    expect(declaration.parent).toBeDefined();
    // The route names the parent's key and the record's, so the page can load the record through its parent's call.
    expect(declaration.pageRoute.split('/')).toEqual(expect.arrayContaining([`:${declaration.parent!.field}`, ':id']));
  });

  it('asks only for permissions of the catalogue', () => {
    const { actions, ...byAction } = declaration.permissions;
    const all = [...Object.values(byAction).flat(), ...Object.values(actions ?? {}).flat()];
    for (const permission of all) expect(ALL_PERMISSIONS, permission).toContain(permission);
  });

  it('declares how its records are read, and removed when rows offer removing', () => {
    const { operations } = declaration;
    // Read by a call of its own, or (`list.from`) from a field of its parent's record — or, with no CRUD call at all,
    // by its own list view through the contract's named operations (invoicing).
    const byOwnView = Object.keys(operations).length === 0 && Object.keys(declaration.named ?? {}).length > 0 ? views[declaration.name]?.list : undefined;
    expect(operations.list ?? operations.one ?? (declaration.parent ? declaration.list.from : undefined) ?? byOwnView, 'read').toBeDefined();
    if (declaration.remove.kind !== 'none') expect(operations.delete, 'delete').toBeDefined();
  });
});

it('has views only for declared resources', () => {
  for (const name of Object.keys(views)) expect(resourceByName(name), name).toBeDefined();
});

it('gives every declared resource its own name and route', () => {
  const names = resources.map((r) => r.name);
  expect(new Set(names).size).toBe(names.length);
  const routes = resources.flatMap((r) => (r.route ? [r.route] : []));
  expect(new Set(routes).size).toBe(routes.length);
});
