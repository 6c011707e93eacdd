import { lazy } from 'react';
import type { ApiRecord } from '../../resources/declaration.js';
import { IdentityTexts } from '../../shared/texts/identity.js';
import { Column, TextColumn } from '../resources/columns.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';
import WorkStatusName from './WorkStatusName.js';

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
    <SchemaList {...place} resource="users" aside={UserFilters} actions={NewUserActions} expand={UserEditor}>
      <TextColumn source="UserName" label="ID" />
      <Column source="FirstName" label="First Name" render={(record) => <WorkStatusName record={record} />} />
      <TextColumn source="LastName" label="Last Name" />
      <TextColumn source="Email" label="Email" phone={false} />
      <TextColumn source="Organization" label="Organization" phone={false} text={organization} />
    </SchemaList>
  );
}
