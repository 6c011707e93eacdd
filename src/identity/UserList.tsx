import type { ApiRecord } from '../../resources/declaration.js';
import { IdentityTexts } from '../../shared/texts/identity.js';
import { Column, TextColumn } from '../resources/columns.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';
import WorkStatusName from './WorkStatusName.js';

const organization = (r: ApiRecord) => String((r.Org as ApiRecord | null)?.Name ?? IdentityTexts.users.noOrganization);

/** Users (/identity/users): the first name with its work-status dot. */
export function UserList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="users">
      <TextColumn source="UserName" label="ID" />
      <Column source="FirstName" label="First Name" render={(record) => <WorkStatusName record={record} />} />
      <TextColumn source="LastName" label="Last Name" />
      <TextColumn source="Email" label="Email" phone={false} />
      <TextColumn source="Organization" label="Organization" phone={false} text={organization} />
    </SchemaList>
  );
}
