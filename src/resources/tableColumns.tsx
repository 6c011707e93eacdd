import { Children, isValidElement, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { Link } from '@mui/material';
import { useCanAccess } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ObjectSchema, PropertySchema } from '../../schemas/index.js';
import type { ResourceDeclaration } from '../../resources/declaration.js';
import { ChoiceFilter, TextFilter, type FilterProps } from './filters.js';
import type { RecordLink } from './views.js';
import { BooleanColumn, DateColumn, TextColumn, type ColumnProps } from './columns.js';

/** A click inside a cell that must not reach the row (which would open or expand it). */
export const stop = (event: MouseEvent) => event.stopPropagation();

/** The column elements among a table's children (what `SchemaList` was given, or guessed from the schema). */
export function columnElements(children: ReactNode): ReactElement<ColumnProps>[] {
  return Children.toArray(children).filter(
    (child): child is ReactElement<ColumnProps> => isValidElement(child) && typeof (child.props as Partial<ColumnProps>).source === 'string',
  );
}

const types = (property: PropertySchema): string[] => ([] as string[]).concat(property.type ?? []);

/**
 * The columns of a resource whose view names none (a plain CRUD resource, `<SchemaList />` alone): every titled
 * property of its schema that a form shows and a cell can say — text, numbers, dates and flags — in the schema's
 * order, headed by its title.
 */
export function guessedColumns(schema: ObjectSchema): ReactElement<ColumnProps>[] {
  return Object.entries(schema.properties).flatMap(([source, property]) => {
    const kinds = types(property).filter((t) => t !== 'null');
    const hidden = property['x-ui']?.hidden;
    if (!property.title || hidden || kinds.some((t) => t === 'object' || t === 'array')) return [];
    const props = { key: source, source, label: property.title };
    if (kinds.includes('boolean')) return [<BooleanColumn {...props} />];
    if (property.format === 'date' || property.format === 'date-time') return [<DateColumn {...props} />];
    return [<TextColumn {...props} />];
  });
}

/**
 * The filter inputs of a resource whose view names none: one for each filter its contract declares on a titled field —
 * a text box for a text it looks for, All / Yes / No for a flag — labelled "Filter <title>".
 */
export function guessedFilters({ list, schema }: Pick<ResourceDeclaration, 'list' | 'schema'>): ReactElement<FilterProps>[] {
  return (list.filters ?? []).flatMap(({ source, match }) => {
    const property = schema.properties[source];
    if (!property?.title) return [];
    const props = { key: source, source, label: `Filter ${property.title}` };
    if (match === 'contains') return [<TextFilter {...props} />];
    return types(property).includes('boolean') ? [<ChoiceFilter {...props} />] : [];
  });
}

/** A cell's content as a link to the column's page, for users holding the link's action. */
export function LinkedCell({ link, record, resource, children }: { link: RecordLink; record: Record<string, unknown>; resource: string; children: ReactNode }) {
  const { canAccess = false } = useCanAccess({ resource, action: link.action ?? 'list' });
  if (!canAccess) return <>{children}</>;
  return (
    <Link component={RouterLink} to={link.to(record)} onClick={stop} underline="hover" sx={{ fontWeight: 500 }}>
      {children}
    </Link>
  );
}
