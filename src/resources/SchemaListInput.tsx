import { Texts } from '../../shared/texts/index.js';
import { useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, IconButton, Stack, TablePagination, Tooltip, Typography, useMediaQuery } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { DataTable, Form, ListContextProvider, ResourceContextProvider, useList, useListContext } from 'react-admin';
import { useFieldArray, useFormContext, useFormState, useWatch, type FieldErrors } from 'react-hook-form';
import type { ApiRecord } from '../../resources/declaration.js';
import type { ObjectSchema, PropertySchema } from '../../schemas/index.js';
import { PageSizes } from '../../shared/constants.js';
import { useLookupItems, useLookupLists } from '../session/useLookups.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { FormSection } from './FormSection.js';
import { allows, hintsOf, schemaResolver, typesOf, widthOf, type FormProperty } from './formValidation.js';
import { SubmitButton } from './SubmitButton.js';
import { VALIDATION_MODE } from '../forms/validationMode.js';

/** A list drawn as a section: its title, the text when it is empty, and its add button when not "Add <entry>". */
export interface ListFrame {
  title: string;
  empty?: string;
  addLabel?: string;
}

/** Where an input sits when it is part of a list entry: its entry's title and position, for accessible names. */
export interface EntryPlace {
  label: string;
  index: number;
  /** A boolean of the entry changed (the list keeps one primary). */
  onCheck?(field: string, checked: boolean): void;
}

/** What draws one field of an entry: the schema input, handed down by it (an entry's fields are schema inputs too). */
export type EntryInput = ComponentType<{ schema: ObjectSchema; name: string; prefix?: string; readOnly?: boolean; entry?: EntryPlace }>;

interface Props {
  source: string;
  property: PropertySchema;
  entries: ObjectSchema;
  readOnly: boolean;
  frame: ListFrame;
  Input: EntryInput;
}

type Entry = Record<string, unknown>;


/** The error at a dotted path of react-hook-form's errors (a list's own message is its `root` or itself). */
function errorAt(errors: FieldErrors, path: string): { message?: unknown; root?: { message?: unknown } } | undefined {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as never;
}

/** Every message under a path (an entry's fields), in order. */
function messagesUnder(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const { message, ...rest } = node as Record<string, unknown>;
  return [...(typeof message === 'string' ? [message] : []), ...Object.values(rest).flatMap(messagesUnder)];
}

/** A new entry: each writable field's default, the lookup list's first item where asked, else blank. */
function useNewEntry(entries: ObjectSchema): () => Entry {
  const lists = useLookupLists();
  return () =>
    Object.fromEntries(
      Object.entries(entries.properties)
        .filter(([, p]) => !p.readOnly)
        .map(([name, p]) => {
          if (p.default !== undefined) return [name, p.default];
          const list = p['x-lookup'] && hintsOf(p).default === 'first' ? lists.find((l) => l.TableName === p['x-lookup']) : undefined;
          if (list?.Types.length) return [name, Math.min(...list.Types.filter((t) => !t.Hidden).map((t) => t.Id))];
          if (allows(p, 'null') || !typesOf(p).includes('string')) return [name, null];
          return [name, ''];
        }),
    );
}

/** The minimum number of entries the schema asks for (`x-minFilled`, `minItems`). */
function minimumOf(property: PropertySchema): number {
  const p = property as FormProperty;
  return Math.max(p['x-minFilled']?.count ?? 0, p.minItems ?? 0);
}

/** The pager of a list's entries, shown when there is more than one page. */
function Pager({ count, page, onPage }: { count: number; page: number; onPage(page: number): void }) {
  if (count <= PageSizes.SUB_TABLE) return null;
  return <TablePagination component="div" count={count} page={page} rowsPerPage={PageSizes.SUB_TABLE} rowsPerPageOptions={[]} onPageChange={(_e, next) => onPage(next)} />;
}

/**
 * A list of objects in a form (react-hook-form's field array under react-admin's Form), as a section: its note
 * when the schema asks for entries, its own message, an add button, the entries in pages of 5 (the page with an
 * error comes into view after a save), each removable. Entries are edited in place, or with `x-ui.edit: dialog`
 * listed in a table and edited one at a time in a modal validated by the entry schema. `x-ui.primary` keeps one
 * entry primary.
 */
export function SchemaListInput({ source, property, entries, readOnly, frame, Input }: Props) {
  const hints = hintsOf(property);
  const { fields, append, remove, update } = useFieldArray({ name: source });
  const { setValue, getValues, clearErrors, trigger } = useFormContext();
  const { errors, submitCount } = useFormState({ name: source });
  const newEntry = useNewEntry(entries);
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const entryTitle = entries.title ?? 'Entry';
  const size = PageSizes.SUB_TABLE;
  const lastPage = Math.max(0, Math.ceil(fields.length / size) - 1);
  const current = Math.min(page, lastPage);
  const own = errorAt(errors, source);
  const ownMessage = own?.root?.message ?? own?.message;
  const minimum = minimumOf(property);

  // After a save, the first page holding an entry in error comes into view.
  useEffect(() => {
    const list = errorAt(errors, source);
    if (!list || typeof list !== 'object') return;
    const rows = Object.keys(list).filter((k) => /^\d+$/.test(k)).map(Number);
    if (rows.length) setPage(Math.floor(Math.min(...rows) / size));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount]);

  // Once the list's own rule has failed, it is checked again as the entries change (an address typed in).
  const entriesNow = useWatch({ name: source });
  const failed = typeof ownMessage === 'string';
  useEffect(() => {
    if (failed) void trigger(source);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entriesNow]);

  /** One entry holds the primary flag: checking it clears the others. */
  const onCheck = (index: number) => (field: string, checked: boolean) => {
    if (field !== hints.primary || !checked) return;
    (getValues(source) as Entry[]).forEach((_e, i) => {
      if (i !== index) setValue(`${source}.${i}.${field}`, false, { shouldDirty: true });
    });
  };

  const add = () => {
    if (hints.edit === 'dialog') return setEditing('new');
    append(newEntry());
    setPage(Math.floor(fields.length / size));
  };

  const addButton = !readOnly && (
    <Button size="small" startIcon={<AddIcon />} onClick={add} sx={{ whiteSpace: 'nowrap' }}>
      {frame.addLabel ?? `Add ${entryTitle}`}
    </Button>
  );
  const empty = (
    <Typography color="text.secondary" variant="body2" sx={{ py: 1 }}>
      {frame.empty ?? `No ${frame.title.toLowerCase()}.`}
    </Typography>
  );
  const removeButton = (index: number) =>
    !readOnly && (
      <Tooltip title="Remove">
        <IconButton aria-label={`Remove ${entryTitle} ${index + 1}`} onClick={() => remove(index)} size="small">
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    );
  const fieldsOf = Object.keys(entries.properties).filter((name) => !entries.properties[name].readOnly && !hintsOf(entries.properties[name]).hidden);

  return (
    <FormSection title={frame.title} note={minimum > 0 ? Texts.global.atLeast(minimum) : undefined} action={addButton} error={typeof ownMessage === 'string' ? ownMessage : undefined}>
      {hints.edit === 'dialog' ? (
        <EntryTable
          source={source}
          entries={entries}
          title={frame.title}
          entryTitle={entryTitle}
          columns={hints.columns ?? fieldsOf}
          readOnly={readOnly}
          empty={empty}
          errors={own}
          onEdit={setEditing}
          removeButton={removeButton}
        />
      ) : fields.length === 0 ? (
        empty
      ) : (
        <Stack spacing={1.5} role="list" aria-label={frame.title}>
          {fields.slice(current * size, (current + 1) * size).map((item, offset) => {
            const index = current * size + offset;
            const place: EntryPlace = { label: entryTitle, index, onCheck: onCheck(index) };
            return (
              <Stack key={item.id} role="listitem" aria-label={`${entryTitle} ${index + 1}`} direction="row" spacing={1} alignItems="flex-start">
                <Grid container columnSpacing={1.5} rowSpacing={0} sx={{ flex: 1, minWidth: 0 }}>
                  {fieldsOf.map((name) => (
                    <Grid key={name} size={{ xs: 12, sm: Math.max(widthOf(entries.properties[name]), 6), md: widthOf(entries.properties[name]) }}>
                      <Input schema={entries} name={name} prefix={`${source}.${index}.`} readOnly={readOnly} entry={place} />
                    </Grid>
                  ))}
                </Grid>
                {removeButton(index)}
              </Stack>
            );
          })}
        </Stack>
      )}
      {hints.edit !== 'dialog' && <Pager count={fields.length} page={current} onPage={setPage} />}
      {editing !== null && (
        <EntryDialog
          title={`${editing === 'new' ? 'Add' : 'Edit'} ${entryTitle}`}
          submit={`Save ${entryTitle}`}
          entries={entries}
          Input={Input}
          fields={fieldsOf}
          entryTitle={entryTitle}
          index={editing === 'new' ? fields.length : editing}
          initial={editing === 'new' ? newEntry() : (getValues(`${source}.${editing}`) as Entry)}
          errors={editing === 'new' ? undefined : (errorAt(errors, `${source}.${editing}`) as FieldErrors | undefined)}
          onClose={() => setEditing(null)}
          onSave={(values) => {
            const index = editing === 'new' ? fields.length : editing;
            if (editing === 'new') append(values);
            else {
              update(index, values);
              clearErrors(`${source}.${index}`);
            }
            if (hints.primary && values[hints.primary]) onCheck(index)(hints.primary, true);
            setEditing(null);
          }}
        />
      )}
    </FormSection>
  );
}

/** How a value of an entry reads in a table cell: a lookup item's name, Yes for true. */
function CellValue({ property, value }: { property: PropertySchema; value: unknown }) {
  const items = useLookupItems(property['x-lookup'], { includeHidden: true });
  if (property['x-lookup']) {
    const item = items.find((i) => i.Id === value);
    return <>{item ? (item.Description ?? item.Short) : ''}</>;
  }
  if (typeof value === 'boolean') return <>{value ? 'Yes' : ''}</>;
  return <>{value === null || value === undefined ? '' : String(value)}</>;
}

/** The pager of the entries table (react-admin's list context over the entries). */
function TablePager() {
  const { total = 0, page, perPage, setPage } = useListContext();
  if (total <= perPage) return null;
  return <TablePagination component="div" count={total} page={page - 1} rowsPerPage={perPage} rowsPerPageOptions={[]} onPageChange={(_e, next) => setPage(next + 1)} />;
}

/** Entries edited in a modal, listed in react-admin's DataTable over an in-memory list of 5 a page. */
function EntryTable({
  source,
  entries,
  title,
  entryTitle,
  columns,
  readOnly,
  empty,
  errors,
  onEdit,
  removeButton,
}: {
  source: string;
  entries: ObjectSchema;
  title: string;
  entryTitle: string;
  columns: string[];
  readOnly: boolean;
  empty: ReactNode;
  errors: unknown;
  onEdit(index: number): void;
  removeButton(index: number): ReactNode;
}) {
  const phone = useMediaQuery(MOBILE_QUERY);
  const values = useWatch({ name: source }) as Entry[] | undefined;
  const rows = useMemo(() => (values ?? []).map((entry, index) => ({ ...entry, id: index })), [values]);
  const list = useList({ data: rows, perPage: PageSizes.SUB_TABLE });
  const { setPage } = list;
  const count = rows.length;
  // An added entry shows on its page (the table opens on the first).
  const before = useRef(count);
  useEffect(() => {
    if (count > before.current) setPage(Math.ceil(count / PageSizes.SUB_TABLE));
    before.current = count;
  }, [count, setPage]);
  const shown = phone ? columns.slice(0, 3) : columns;
  return (
    <ResourceContextProvider value={source}>
      <ListContextProvider value={list}>
        <DataTable aria-label={title} bulkActionButtons={false} rowClick={false} hover={false} empty={empty} size="small">
          {shown.map((name, i) => (
            <DataTable.Col
              key={name}
              source={name}
              label={entries.properties[name]?.title ?? name}
              disableSort
              render={(row: Entry & { id: number }) => (
                <>
                  <CellValue property={entries.properties[name]} value={row[name]} />
                  {i === 0 && messagesUnder((errors as Record<string, unknown> | undefined)?.[row.id]).length > 0 && (
                    <Typography variant="caption" color="error" component="div">
                      {messagesUnder((errors as Record<string, unknown>)[row.id]).join(' ')}
                    </Typography>
                  )}
                </>
              )}
            />
          ))}
          {!readOnly && (
            <DataTable.Col
              label=""
              disableSort
              render={(row: Entry & { id: number }) => (
                <Box sx={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
                  <Tooltip title="Edit">
                    <IconButton size="small" aria-label={`Edit ${entryTitle} ${row.id + 1}`} onClick={() => onEdit(row.id)}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  {removeButton(row.id)}
                </Box>
              )}
            />
          )}
        </DataTable>
        <TablePager />
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

/** One entry in a modal react-admin Form, validated by the entry schema; the server's messages of the row shown. */
function EntryDialog({
  title,
  submit,
  entries,
  Input,
  fields,
  entryTitle,
  index,
  initial,
  errors,
  onClose,
  onSave,
}: {
  title: string;
  submit: string;
  entries: ObjectSchema;
  Input: EntryInput;
  fields: string[];
  entryTitle: string;
  index: number;
  initial: Entry;
  errors?: FieldErrors;
  onClose(): void;
  onSave(values: Entry): void;
}) {
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const resolver = useMemo(() => schemaResolver(() => entries), [entries]);
  const record = useMemo(() => initial as ApiRecord, [initial]);
  const titleId = `${entryTitle.replace(/\W+/g, '-').toLowerCase()}-dialog-title`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId}>
      <Form record={record} resolver={resolver} errors={errors} onSubmit={(values: Entry) => onSave(values)} {...VALIDATION_MODE} noValidate disableInvalidFormNotification>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers>
          <Grid container columnSpacing={2}>
            {fields.map((name) => (
              <Grid key={name} size={{ xs: 12, sm: widthOf(entries.properties[name]) }}>
                <Input schema={entries} name={name} entry={{ label: entryTitle, index }} />
              </Grid>
            ))}
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton label={submit} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
