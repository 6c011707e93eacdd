import { lazy } from 'react';
import { ORG_USER_FLAGS } from '../../resources/orgUsers.js';
import { BooleanColumn, Column, TextColumn, ToggleColumn } from '../resources/columns.js';
import { TextFilter } from '../resources/filters.js';
import { SchemaList } from '../resources/SchemaList.js';
import { InheritedFilter } from './InheritedFilter.js';
import type { ViewProps } from '../resources/views.js';

// The name opens the user's whole form: its code loads with the first name drawn.
const OrgUserName = lazy(() => import('./OrgUserName.js'));

const filters = [<TextFilter source="q" label="Filter users" />, <InheritedFilter source="Inherited" label="Inherited" initial={false} />];

const names = (list: unknown, field: string) => ((list ?? []) as Record<string, unknown>[]).map((entry) => String(entry[field] ?? '')).filter(Boolean);

const OrgUserActions = lazy(() => import('./OrgUserActions.js'));

/** An org's users (its Users tab): the name with its status, a tick per setting that saves at once, and New User. */
export function OrgUserList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="org-users" filters={filters} actions={OrgUserActions} dense label={() => 'Users'}>
      <Column source="LastName" label="Name" render={(record) => <OrgUserName record={record} />} />
      {/* Groups and phone give way on a laptop to the settings this tab is for; the column chooser shows them. */}
      <TextColumn source="Groups" label="Groups" text={(r) => names(r.Groups, 'Name').join(', ')} sortable={false} phone={false} wideOnly />
      <TextColumn source="Phones" label="Phone" text={(r) => names(r.Phones, 'Number')[0] ?? ''} sortable={false} phone={false} wideOnly nowrap />
      <TextColumn source="Email" label="Email" phone={false} />
      <BooleanColumn source="Inherited" label="Inherited" />
      {ORG_USER_FLAGS.map(([field, label]) => (
        <ToggleColumn key={field} source={field} label={label} sortable={false} phone={false} />
      ))}
    </SchemaList>
  );
}
