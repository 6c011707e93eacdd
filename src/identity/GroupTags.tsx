import { useState } from 'react';
import { Autocomplete, Chip, TextField } from '@mui/material';
import { useCanAccess, useDataProvider, useGetList, useNotify, useRefresh } from 'react-admin';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { ApiRecord } from '../../resources/declaration.js';
import { endedBySignOut } from '../resources/writeFailure.js';
import type { ViewProps } from '../resources/views.js';

/** Every tag of the declared read-only `tags` resource. */
const ALL_TAGS = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'Name', order: 'ASC' as const } };

type Tag = { Id?: number; Name: string };
/** freeSolo hands over typed text as a string. */
const nameOf = (tag: Tag | string) => (typeof tag === 'string' ? tag : tag.Name);
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The chosen tags without blanks or repeats; typed text becomes the known tag of that name, else a new one. */
function tagsOf(chosen: readonly (Tag | string)[], known: readonly Tag[]): Tag[] {
  const list: Tag[] = [];
  for (const item of chosen) {
    const name = nameOf(item).trim();
    if (!name || list.some((t) => same(t.Name, name))) continue;
    list.push(typeof item === 'string' ? (known.find((k) => same(k.Name, name)) ?? { Name: name }) : item);
  }
  return list;
}

/**
 * The tags of a group as chips; typing a new name creates the tag. Each change saves the whole list at once through
 * the data provider's named call, and is undone with the spec's toast when it fails.
 */
export function GroupTags({ group }: { group: ApiRecord }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'groups', action: 'edit' });
  const [tags, setTags] = useState<Tag[]>(() => (group.Tags ?? []) as Tag[]);
  const { data: known = [] } = useGetList<Tag & { id: number }>('tags', ALL_TAGS, {
    retry: false,
    onError: () => notify(Texts.identity.tags.unableToGet, { type: 'error' }),
  });

  const save = async (next: Tag[]) => {
    const previous = tags;
    setTags(next);
    try {
      const saved = await dataProvider.callOperation('groups', 'setTags', Number(group.Id), next.map((t) => (t.Id ? { Id: t.Id, Name: t.Name } : { Name: t.Name })));
      if (endedBySignOut(saved)) return;
      setTags(saved.Tags);
      // The list's Tags column and the known tags now include the new ones.
      refresh();
    } catch {
      setTags(previous);
      notify(Texts.identity.tags.unableToSave, { type: 'error' });
    }
  };

  return (
    <Autocomplete<Tag, true, false, true>
      multiple
      freeSolo
      disabled={!canEdit}
      options={known}
      value={tags}
      getOptionLabel={nameOf}
      isOptionEqualToValue={(a, b) => same(nameOf(a), nameOf(b))}
      filterSelectedOptions
      onChange={(_event, chosen) => void save(tagsOf(chosen, known))}
      renderValue={(value, getItemProps) =>
        value.map((t, index) => <Chip {...getItemProps({ index })} key={nameOf(t)} size="small" color="secondary" variant="outlined" label={nameOf(t)} />)
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Tags"
          placeholder={canEdit ? 'Add a tag…' : undefined}
          helperText={canEdit ? 'Type a name and press Enter to create a tag.' : undefined}
        />
      )}
    />
  );
}

/** The `groupTags` slot of the group form: the tags of a group that exists (a new group gets tags once created). */
export function GroupTagsSlot({ record }: ViewProps) {
  return record ? <GroupTags group={record} /> : null;
}
