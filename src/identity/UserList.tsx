import { lazy } from 'react';
import { Timing } from '../../shared/constants.js';
import { isLockedRecord } from '../../resources/users.js';
import type { ApiRecord } from '../../resources/declaration.js';
import { IdentityTexts } from '../../shared/texts/identity.js';
import { Column, TextColumn } from '../resources/columns.js';
import { TextFilter } from '../resources/filters.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';
import WorkStatusName from './WorkStatusName.js';

/** A text filter on every column (spec 000 §3). */
const filters = [
  <TextFilter source="UserName" label="Filter ID" />,
  <TextFilter source="FirstName" label="Filter First Name" />,
  <TextFilter source="LastName" label="Filter Last Name" />,
  <TextFilter source="Email" label="Filter Email" />,
  <TextFilter source="Organization" label="Filter Organization" />,
];

const organization = (r: ApiRecord) => String((r.Org as ApiRecord | null)?.Name ?? IdentityTexts.users.noOrganization);

const userEditor = () => import('./UserEditorSlot.js');
const UserFilters = lazy(() => import('./UserFilters.js'));
const NewUserActions = lazy(() => userEditor().then((m) => ({ default: m.NewUserActions })));
const UserEditor = lazy(userEditor);

/**
 * Users (/identity/users): the filter panel, the ways to add a user, the inline editor under a row, and the first
 * name with its work-status dot.
 */
export function UserList(place: ViewProps) {
  return (
    <SchemaList
      {...place}
      resource="users"
      filters={filters}
      aside={UserFilters}
      actions={NewUserActions}
      expand={UserEditor}
      rowClick="expand"
      editExpands
      readOnlyView
      rowAccent={(r) => (isLockedRecord(r) ? 'error.main' : 'success.main')}
      debounce={Timing.USER_LIST_DEBOUNCE_MS}
    >
      <TextColumn source="UserName" label="ID" />
      <Column source="FirstName" label="First Name" render={(record) => <WorkStatusName record={record} />} />
      <TextColumn source="LastName" label="Last Name" />
      <TextColumn source="Email" label="Email" phone={false} />
      <TextColumn source="Organization" label="Organization" phone={false} text={organization} />
    </SchemaList>
  );
}
