import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  IconButton,
  InputAdornment,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import { useDataProvider } from 'react-admin';
import { PageSizes, Timing } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { Group, UserAddress, UserRow, UserSave } from '../../dataProvider/identity.js';
import { OrgPickerDialog } from '../components/OrgTree.js';
import { DateInput, LookupSelect, PhoneInput } from '../forms/inputs.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { useLookupItems, useOrgs } from '../session/useLookups.js';
import { EntryList, FormSection } from './EntryList.js';
import {
  chosenGroups,
  defaultTypeId,
  errorsFor,
  hasEmployeeTag,
  remapEmailErrors,
  toSave,
  uniqueMessages,
  validateDraft,
  type ModelState,
  type NewableClearance,
  type NewableCredential,
  type UserDraft,
} from './userModel.js';

const T = Texts.identity.users;
const A = Texts.account;

export type UserFormMode = 'create' | 'edit' | 'own';

export interface UserRecordFormProps {
  mode: UserFormMode;
  initial: UserDraft;
  /** Groups to choose from (admin modes); their tags decide whether the employment sections show. */
  groups?: readonly Group[];
  /** The groups of the own account (own mode), with tags. */
  ownGroups?: readonly { Id: number; Name: string; Tags: { Id: number; Name: string }[] }[];
  /** New Employee / New Contractor: show the settings sections whatever the groups' tags. */
  forceEmployment?: boolean;
  readOnly?: boolean;
  submitLabel: string;
  /** Saves; answers null on success, or the field errors to show (the caller toasts what it must). */
  onSubmit: (body: UserSave) => Promise<ModelState | null>;
  onCancel?: () => void;
  /** Shown between the sections and the buttons (account status controls). */
  footer?: ReactNode;
  /** Keep the buttons in view at the bottom of a scrolling dialog (always on phones). */
  stickyActions?: boolean;
}

/** Grid cell sizes: two columns on tablets, three or four on laptops. */
const half = { xs: 12, sm: 6 } as const;
const third = { xs: 12, sm: 6, md: 4 } as const;
const quarter = { xs: 12, sm: 6, md: 3 } as const;

function useDefaultType(listType: string) {
  return defaultTypeId(useLookupItems(listType));
}

function PrimaryBox({ checked, onChange, disabled, label }: { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean; label: string }) {
  return (
    <FormControlLabel
      sx={{ mt: { xs: 0, md: 1 }, ml: 0 }}
      control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} disabled={disabled} slotProps={{ input: { 'aria-label': label } }} />}
      label="Primary"
    />
  );
}

/** Marks one entry primary (and the others not). */
const markPrimary = <E extends { IsPrimary: boolean }>(entries: E[], index: number, checked: boolean): E[] =>
  entries.map((e, i) => ({ ...e, IsPrimary: i === index ? checked : checked ? false : e.IsPrimary }));

/** A manager: any user, found by name. */
function ManagerPicker({ value, onChange, disabled }: { value: UserDraft['Manager']; onChange: (manager: UserDraft['Manager']) => void; disabled?: boolean }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<UserRow[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    const text = input.trim();
    if (!text || (value && text === `${value.FirstName} ${value.LastName}`)) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setLoading(true);
      const [first, ...rest] = text.split(/\s+/);
      const filtered = rest.length
        ? [
            { id: 'FirstName' as const, value: first },
            { id: 'LastName' as const, value: rest.join(' ') },
          ]
        : [{ id: 'LastName' as const, value: first }];
      try {
        const answer = await dataProvider.searchUsers(
          { page: 0, pageSize: 10, sorted: [{ id: 'LastName' }, { id: 'FirstName' }], filtered, additional: { OrgIds: [], GroupIds: [], HideIDSUsers: false, Active: true, Inactive: false } },
          controller.signal,
        );
        setOptions(answer.users);
      } catch {
        setOptions([]);
      } finally {
        setLoading(false);
      }
    }, Timing.DUPLICATE_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [input, dataProvider, value]);
  const current = value ? { Id: value.Id, FirstName: value.FirstName, LastName: value.LastName, UserName: '' } : null;
  return (
    <Autocomplete
      disabled={disabled}
      options={options.map((u) => ({ Id: u.Id, FirstName: u.FirstName, LastName: u.LastName, UserName: u.UserName }))}
      value={current}
      filterOptions={(o) => o}
      loading={loading}
      getOptionLabel={(u) => `${u.FirstName} ${u.LastName}`}
      renderOption={(props, u) => (
        <li {...props} key={u.Id}>
          {u.FirstName} {u.LastName}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {u.UserName}
          </Typography>
        </li>
      )}
      isOptionEqualToValue={(a, b) => a.Id === b.Id}
      onInputChange={(_e, text) => setInput(text)}
      onChange={(_e, next) => onChange(next ? { Id: next.Id, FirstName: next.FirstName, LastName: next.LastName } : null)}
      noOptionsText={input ? 'No matching users' : 'Type a last name'}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Manager"
          slotProps={{
            input: { ...params.InputProps, endAdornment: (<>{loading && <CircularProgress size={16} />}{params.InputProps.endAdornment}</>) },
          }}
        />
      )}
    />
  );
}

/** Several items of a lookup list, by Id (contract types). */
function LookupIdsSelect({ listType, label, value, onChange, disabled }: { listType: string; label: string; value: number[]; onChange: (ids: number[]) => void; disabled?: boolean }) {
  const items = useLookupItems(listType);
  return (
    <Autocomplete
      multiple
      disabled={disabled}
      options={items}
      value={items.filter((i) => value.includes(i.Id))}
      getOptionLabel={(i) => i.Description ?? i.Short}
      isOptionEqualToValue={(a, b) => a.Id === b.Id}
      onChange={(_e, next) => onChange(next.map((i) => i.Id))}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

function lookupLabel(items: readonly { Id: number; Short: string; Description: string | null }[], id: number | null | undefined) {
  const item = items.find((i) => i.Id === id);
  return item ? (item.Description ?? item.Short) : '';
}

/** One address edited in a modal: City and Postal Code required. */
function AddressDialog({ initial, errors, onSave, onClose, title }: { initial: UserAddress; errors: ModelState; onSave: (address: UserAddress) => void; onClose: () => void; title: string }) {
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const [address, setAddress] = useState(initial);
  const [own, setOwn] = useState<ModelState>({});
  const shown = { ...errors, ...own };
  const set = (patch: Partial<UserAddress>) => setAddress((a) => ({ ...a, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const missing: ModelState = {};
    if (!address.City?.trim()) missing.City = [Texts.identity.screens.required('City')];
    if (!address.PostalCode?.trim()) missing.PostalCode = [Texts.identity.screens.required('Postal Code')];
    setOwn(missing);
    if (Object.keys(missing).length) return;
    onSave({ ...address, City: address.City.trim(), PostalCode: address.PostalCode.trim() });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="address-dialog-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="address-dialog-title">{title}</DialogTitle>
        <DialogContent dividers>
          <Grid container spacing={2}>
            <Grid size={half}>
              <LookupSelect fullWidth listType="AddressType" label="Type" value={address.AddressType_Id} onChange={(v) => set({ AddressType_Id: v as number | null })} />
            </Grid>
            <Grid size={half}>
              <PrimaryBox label="Primary address" checked={address.IsPrimary} onChange={(IsPrimary) => set({ IsPrimary })} />
            </Grid>
            <Grid size={12}>
              <TextField fullWidth label="Address Line 1" value={address.Line1 ?? ''} onChange={(e) => set({ Line1: e.target.value })} error={Boolean(shown.Line1)} helperText={shown.Line1?.join(' ')} />
            </Grid>
            <Grid size={12}>
              <TextField fullWidth label="Address Line 2" value={address.Line2 ?? ''} onChange={(e) => set({ Line2: e.target.value })} error={Boolean(shown.Line2)} helperText={shown.Line2?.join(' ')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 5 }}>
              <TextField fullWidth required label="City" value={address.City ?? ''} onChange={(e) => set({ City: e.target.value })} error={Boolean(shown.City)} helperText={shown.City?.join(' ')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <LookupSelect fullWidth listType="RegionType" label="State" value={address.RegionType_Id} onChange={(v) => set({ RegionType_Id: v as number | null })} />
            </Grid>
            <Grid size={{ xs: 12, sm: 3 }}>
              <TextField fullWidth required label="Postal Code" value={address.PostalCode ?? ''} onChange={(e) => set({ PostalCode: e.target.value })} error={Boolean(shown.PostalCode)} helperText={shown.PostalCode?.join(' ')} />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Save Address
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Addresses: a table of 5 rows, each edited in a modal. */
function AddressList({ addresses, onChange, errors, disabled }: { addresses: UserAddress[]; onChange: (addresses: UserAddress[]) => void; errors: ModelState; disabled?: boolean }) {
  const types = useLookupItems('AddressType', { includeHidden: true });
  const states = useLookupItems('RegionType', { includeHidden: true });
  const defaultType = defaultTypeId(useLookupItems('AddressType'));
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [page, setPage] = useState(0);
  const pageSize = PageSizes.SUB_TABLE;
  const lastPage = Math.max(0, Math.ceil(addresses.length / pageSize) - 1);
  const current = Math.min(page, lastPage);
  const rowErrors = (index: number): ModelState =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([key]) => key.startsWith(`Addresses[${index}].`))
        .map(([key, messages]) => [key.slice(`Addresses[${index}].`.length), messages]),
    );
  const blankAddress: UserAddress = { AddressType_Id: defaultType, Line1: null, Line2: null, City: '', RegionType_Id: null, PostalCode: '', IsPrimary: false };
  const visible = addresses.slice(current * pageSize, (current + 1) * pageSize);
  return (
    <FormSection
      title="Addresses"
      action={
        !disabled && (
          <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Add Address
          </Button>
        )
      }
    >
      <Table size="small" aria-label="Addresses">
        {!mobile && (
          <TableHead>
            <TableRow>
              <TableCell>Type</TableCell>
              <TableCell>Address</TableCell>
              <TableCell>City</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Postal Code</TableCell>
              <TableCell>Primary</TableCell>
              <TableCell align="right" />
            </TableRow>
          </TableHead>
        )}
        <TableBody>
          {addresses.length === 0 && (
            <TableRow>
              <TableCell colSpan={7} sx={{ color: 'text.secondary', borderBottom: 0, px: 0 }}>
                {A.noAddresses}
              </TableCell>
            </TableRow>
          )}
          {visible.map((a, offset) => {
            const index = current * pageSize + offset;
            const problems = uniqueMessages(rowErrors(index));
            const actions = !disabled && (
              <Box sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title="Edit">
                  <IconButton size="small" aria-label={`Edit address ${index + 1}`} onClick={() => setEditing(index)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title="Remove">
                  <IconButton size="small" aria-label={`Remove address ${index + 1}`} onClick={() => onChange(addresses.filter((_x, i) => i !== index))}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            );
            const lines = [a.Line1, a.Line2].filter(Boolean).join(', ');
            return mobile ? (
              <TableRow key={index}>
                <TableCell sx={{ px: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {lookupLabel(types, a.AddressType_Id) || 'Address'} {a.IsPrimary && <Chip size="small" label="Primary" sx={{ ml: 0.5 }} />}
                  </Typography>
                  <Typography variant="body2">{lines}</Typography>
                  <Typography variant="body2">
                    {a.City}
                    {a.RegionType_Id ? `, ${states.find((s) => s.Id === a.RegionType_Id)?.Short ?? ''}` : ''} {a.PostalCode}
                  </Typography>
                  {problems.length > 0 && (
                    <Typography variant="caption" color="error">
                      {problems.join(' ')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right" sx={{ px: 0 }}>
                  {actions}
                </TableCell>
              </TableRow>
            ) : (
              <TableRow key={index}>
                <TableCell>{lookupLabel(types, a.AddressType_Id)}</TableCell>
                <TableCell>
                  {lines}
                  {problems.length > 0 && (
                    <Typography variant="caption" color="error" component="div">
                      {problems.join(' ')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{a.City}</TableCell>
                <TableCell>{lookupLabel(states, a.RegionType_Id)}</TableCell>
                <TableCell>{a.PostalCode}</TableCell>
                <TableCell>{a.IsPrimary ? 'Yes' : ''}</TableCell>
                <TableCell align="right">{actions}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {addresses.length > pageSize && (
        <TablePagination component="div" count={addresses.length} page={current} rowsPerPage={pageSize} rowsPerPageOptions={[]} onPageChange={(_e, next) => setPage(next)} />
      )}
      {editing !== null && (
        <AddressDialog
          title={editing === 'new' ? 'Add Address' : 'Edit Address'}
          initial={editing === 'new' ? blankAddress : addresses[editing]}
          errors={editing === 'new' ? {} : rowErrors(editing)}
          onClose={() => setEditing(null)}
          onSave={(address) => {
            const index = editing === 'new' ? addresses.length : editing;
            const next = editing === 'new' ? [...addresses, address] : addresses.map((x, i) => (i === editing ? address : x));
            onChange(address.IsPrimary ? markPrimary(next, index, true) : next);
            if (editing === 'new') setPage(Math.floor(index / pageSize));
            setEditing(null);
          }}
        />
      )}
    </FormSection>
  );
}

/**
 * The user record form (spec 000 §3, §5): general fields, groups, emails, phones, addresses and, for users in a
 * group tagged Employee, settings, credentials and clearances. Used by /identity/users (create and edit) and by
 * /account ("own" mode: no username, org or group editing; administrator-only settings read-only).
 */
export function UserRecordForm({
  mode,
  initial,
  groups = [],
  ownGroups = [],
  forceEmployment,
  readOnly,
  submitLabel,
  onSubmit,
  onCancel,
  footer,
  stickyActions,
}: UserRecordFormProps) {
  const orgs = useOrgs();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<UserDraft>(initial);
  const [errors, setErrors] = useState<ModelState>({});
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);
  const emailType = useDefaultType('EmailType');
  const phoneType = useDefaultType('PhoneNumberType');
  const credentialType = useDefaultType('CredentialType');
  const clearanceType = useDefaultType('ClearanceType');
  const own = mode === 'own';
  const admin = !own;
  const disabled = readOnly || busy;
  const employment = own ? hasEmployeeTag(ownGroups) : Boolean(forceEmployment) || hasEmployeeTag(chosenGroups(groups as Group[], draft.GroupIds));
  const set = (patch: Partial<UserDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const err = (key: string) => errorsFor(errors, key);
  const field = (key: string) => ({ error: Boolean(err(key)), helperText: err(key) });
  const orgName = draft.Org?.Name ?? orgs.find((o) => o.Id === draft.Org_Id)?.Name ?? '';
  const groupOptions = useMemo(() => {
    const known = new Map(groups.map((g) => [g.Id, g]));
    // Groups the user already has stay visible even when the caller cannot list all groups.
    for (const g of initial.GroupIds) if (!known.has(g)) known.set(g, { Id: g, Name: `Group ${g}`, Description: null, Roles: [], Tags: [] });
    return [...known.values()].sort((a, b) => a.Name.localeCompare(b.Name));
  }, [groups, initial.GroupIds]);

  /** Brings the first field in error into view (long forms on phones). */
  const revealError = () =>
    setTimeout(() => {
      const first = formRef.current?.querySelector('[aria-invalid="true"], [role="alert"]');
      first?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    }, 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateDraft(draft, { mode, employment });
    if (Object.keys(found).length) {
      setErrors(found);
      revealError();
      return;
    }
    setErrors({});
    setBusy(true);
    const { body, emailRows } = toSave(draft, { mode, employment });
    try {
      const failure = await onSubmit(body);
      if (failure) {
        setErrors(remapEmailErrors(failure, emailRows));
        revealError();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" ref={formRef} onSubmit={submit} noValidate aria-label={own ? 'My account' : 'User record'}>
      <Stack spacing={2}>
        <FormSection title="General">
          <Grid container spacing={2}>
            <Grid size={third}>
              <TextField
                fullWidth
                label="Username"
                required={mode === 'create'}
                value={draft.UserName}
                onChange={(e) => set({ UserName: e.target.value })}
                disabled={disabled || mode !== 'create'}
                slotProps={{ htmlInput: { readOnly: mode !== 'create', autoComplete: 'off' } }}
                {...field('UserName')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 8 }}>
              <TextField
                fullWidth
                label="Client/Facility"
                required={admin}
                value={orgName}
                disabled={own || disabled}
                onClick={() => admin && !disabled && setPicking(true)}
                slotProps={{
                  htmlInput: { readOnly: true },
                  input: {
                    endAdornment: admin && !disabled && (
                      <InputAdornment position="end">
                        <Button size="small" startIcon={<AccountTreeOutlinedIcon />} onClick={() => setPicking(true)}>
                          Choose
                        </Button>
                      </InputAdornment>
                    ),
                  },
                }}
                {...field('Org_Id')}
              />
            </Grid>
            <Grid size={third}>
              <TextField fullWidth required label="First Name" value={draft.FirstName} onChange={(e) => set({ FirstName: e.target.value })} disabled={disabled} {...field('FirstName')} />
            </Grid>
            <Grid size={third}>
              <TextField fullWidth label="Middle Name" value={draft.MiddleName ?? ''} onChange={(e) => set({ MiddleName: e.target.value })} disabled={disabled} {...field('MiddleName')} />
            </Grid>
            <Grid size={third}>
              <TextField fullWidth required label="Last Name" value={draft.LastName} onChange={(e) => set({ LastName: e.target.value })} disabled={disabled} {...field('LastName')} />
            </Grid>
            <Grid size={third}>
              <TextField fullWidth label="Title" value={draft.Title ?? ''} onChange={(e) => set({ Title: e.target.value })} disabled={disabled || own} {...field('Title')} />
            </Grid>
            <Grid size={{ xs: 12, md: 8 }}>
              {admin ? (
                <Autocomplete
                  multiple
                  disabled={disabled}
                  options={groupOptions}
                  value={groupOptions.filter((g) => draft.GroupIds.includes(g.Id))}
                  getOptionLabel={(g) => g.Name}
                  isOptionEqualToValue={(a, b) => a.Id === b.Id}
                  onChange={(_e, next) => set({ GroupIds: next.map((g) => g.Id) })}
                  renderInput={(params) => <TextField {...params} label="Groups" {...field('GroupIds')} />}
                />
              ) : (
                <Box>
                  <Typography variant="caption" color="text.secondary">
                    Groups
                  </Typography>
                  <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
                    {ownGroups.length ? ownGroups.map((g) => <Chip key={g.Id} size="small" label={g.Name} />) : <Typography variant="body2">None</Typography>}
                  </Stack>
                </Box>
              )}
            </Grid>
          </Grid>
        </FormSection>

        <EntryList
          title="Emails"
          field="Emails"
          itemLabel="Email"
          note={T.atLeastOne}
          entries={draft.Emails}
          onChange={(Emails) => set({ Emails })}
          newEntry={() => ({ Address: '', EmailType_Id: emailType, IsPrimary: false })}
          empty={A.noEmails}
          addLabel="Add Email"
          error={err('Emails')}
          errors={errors}
          disabled={disabled}
          renderEntry={(e, i, update) => (
            <Grid container spacing={1.5}>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextField fullWidth required type="email" label="Email" value={e.Address} onChange={(x) => update({ Address: x.target.value })} disabled={disabled} {...field(`Emails[${i}].Address`)} />
              </Grid>
              <Grid size={{ xs: 7, md: 3 }}>
                <LookupSelect fullWidth listType="EmailType" label="Type" value={e.EmailType_Id} onChange={(v) => update({ EmailType_Id: v as number | null })} disabled={disabled} />
              </Grid>
              <Grid size={{ xs: 5, md: 3 }}>
                <PrimaryBox label={`Primary email ${i + 1}`} checked={e.IsPrimary} disabled={disabled} onChange={(c) => set({ Emails: markPrimary(draft.Emails, i, c) })} />
              </Grid>
            </Grid>
          )}
        />

        <EntryList
          title="Phone Numbers"
          field="PhoneNumbers"
          itemLabel="Phone number"
          entries={draft.PhoneNumbers}
          onChange={(PhoneNumbers) => set({ PhoneNumbers })}
          newEntry={() => ({ Number: '', PhoneNumberType_Id: phoneType, IsPrimary: false })}
          empty={A.noPhones}
          addLabel="Add Phone"
          errors={errors}
          disabled={disabled}
          renderEntry={(p, i, update) => (
            <Grid container spacing={1.5}>
              <Grid size={{ xs: 12, md: 6 }}>
                <PhoneInput fullWidth required label="Phone Number" value={p.Number} onChange={(Number) => update({ Number })} disabled={disabled} {...field(`PhoneNumbers[${i}].Number`)} />
              </Grid>
              <Grid size={{ xs: 7, md: 3 }}>
                <LookupSelect fullWidth listType="PhoneNumberType" label="Type" value={p.PhoneNumberType_Id} onChange={(v) => update({ PhoneNumberType_Id: v as number | null })} disabled={disabled} />
              </Grid>
              <Grid size={{ xs: 5, md: 3 }}>
                <PrimaryBox label={`Primary phone ${i + 1}`} checked={p.IsPrimary} disabled={disabled} onChange={(c) => set({ PhoneNumbers: markPrimary(draft.PhoneNumbers, i, c) })} />
              </Grid>
            </Grid>
          )}
        />

        <AddressList addresses={draft.Addresses} onChange={(Addresses) => set({ Addresses })} errors={errors} disabled={disabled} />

        {employment && (
          <>
            <FormSection title="Settings">
              <Grid container spacing={2}>
                <Grid size={quarter}>
                  <LookupSelect fullWidth listType="WorkStatusType" label="Work Status" value={draft.WorkStatusType_Id} onChange={(v) => set({ WorkStatusType_Id: v as number | null })} disabled={disabled} {...field('WorkStatusType_Id')} />
                </Grid>
                <Grid size={quarter}>
                  <LookupSelect
                    fullWidth
                    listType="EmploymentStatusType"
                    label="Employment Status"
                    value={draft.EmploymentStatusType_Id}
                    onChange={(v) => set({ EmploymentStatusType_Id: v as number | null })}
                    disabled={disabled || own}
                    {...field('EmploymentStatusType_Id')}
                  />
                </Grid>
                <Grid size={quarter}>
                  <LookupSelect fullWidth listType="GeoRegionType" label="Geo Region" value={draft.GeoRegionType_Id} onChange={(v) => set({ GeoRegionType_Id: v as number | null })} disabled={disabled} {...field('GeoRegionType_Id')} />
                </Grid>
                <Grid size={quarter}>
                  {own ? (
                    <TextField fullWidth disabled label="Manager" value={draft.Manager ? `${draft.Manager.FirstName} ${draft.Manager.LastName}` : ''} />
                  ) : (
                    <ManagerPicker value={draft.Manager} disabled={disabled} onChange={(Manager) => set({ Manager, Manager_Id: Manager?.Id ?? null })} />
                  )}
                </Grid>
                <Grid size={quarter}>
                  <TextField fullWidth label="PI Number" value={draft.PINumber ?? ''} onChange={(e) => set({ PINumber: e.target.value })} disabled={disabled} {...field('PINumber')} />
                </Grid>
                <Grid size={quarter}>
                  <TextField fullWidth label="Cred Number" value={draft.CredNumber ?? ''} onChange={(e) => set({ CredNumber: e.target.value })} disabled={disabled} {...field('CredNumber')} />
                </Grid>
                <Grid size={half}>
                  <LookupIdsSelect listType="ContractType" label="Contract Types" value={draft.ContractTypeIds} onChange={(ContractTypeIds) => set({ ContractTypeIds })} disabled={disabled || own} />
                </Grid>
                {admin && (
                  <Grid size={12}>
                    <TextField fullWidth multiline minRows={2} label="Notes" value={draft.Notes ?? ''} onChange={(e) => set({ Notes: e.target.value })} disabled={disabled} {...field('Notes')} />
                  </Grid>
                )}
              </Grid>
            </FormSection>

            <EntryList<NewableCredential>
              title="Credentials"
              field="Credentials"
              itemLabel="Credential"
              entries={draft.Credentials}
              onChange={(Credentials) => set({ Credentials })}
              newEntry={() => ({ CredentialType_Id: credentialType, License: '', RegionType_Id: null, Expiration: null })}
              empty={A.noCredentials}
              addLabel="Add Credential"
              errors={errors}
              disabled={disabled}
              renderEntry={(c, i, update) => (
                <Grid container spacing={1.5}>
                  <Grid size={quarter}>
                    <LookupSelect fullWidth required listType="CredentialType" label="Type" value={c.CredentialType_Id} onChange={(v) => update({ CredentialType_Id: v as number | null })} disabled={disabled} {...field(`Credentials[${i}].CredentialType_Id`)} />
                  </Grid>
                  <Grid size={quarter}>
                    <TextField fullWidth required label="License Number" value={c.License} onChange={(e) => update({ License: e.target.value })} disabled={disabled} {...field(`Credentials[${i}].License`)} />
                  </Grid>
                  <Grid size={quarter}>
                    <LookupSelect fullWidth required listType="RegionType" label="State" value={c.RegionType_Id} onChange={(v) => update({ RegionType_Id: v as number | null })} disabled={disabled} {...field(`Credentials[${i}].RegionType_Id`)} />
                  </Grid>
                  <Grid size={quarter}>
                    <DateInput required label="Expiration" value={c.Expiration} onChange={(Expiration) => update({ Expiration })} disabled={disabled} {...field(`Credentials[${i}].Expiration`)} />
                  </Grid>
                </Grid>
              )}
            />

            <EntryList<NewableClearance>
              title="Clearances"
              field="Clearances"
              itemLabel="Clearance"
              entries={draft.Clearances}
              onChange={(Clearances) => set({ Clearances })}
              newEntry={() => ({ ClearanceType_Id: clearanceType, LastInvestigation: null, OrgCode: '' })}
              empty={A.noClearances}
              addLabel="Add Clearance"
              errors={errors}
              disabled={disabled}
              renderEntry={(c, i, update) => (
                <Grid container spacing={1.5}>
                  <Grid size={third}>
                    <LookupSelect fullWidth required listType="ClearanceType" label="Type" value={c.ClearanceType_Id} onChange={(v) => update({ ClearanceType_Id: v as number | null })} disabled={disabled} {...field(`Clearances[${i}].ClearanceType_Id`)} />
                  </Grid>
                  <Grid size={third}>
                    <DateInput
                      required
                      label="Last Investigation"
                      value={c.LastInvestigation}
                      onChange={(LastInvestigation) => update({ LastInvestigation })}
                      limits={{ disableDatesAfterToday: true }}
                      disabled={disabled}
                      {...field(`Clearances[${i}].LastInvestigation`)}
                    />
                  </Grid>
                  <Grid size={third}>
                    <TextField fullWidth required label="Organization" value={c.OrgCode} onChange={(e) => update({ OrgCode: e.target.value })} disabled={disabled} {...field(`Clearances[${i}].OrgCode`)} />
                  </Grid>
                </Grid>
              )}
            />
          </>
        )}

        {footer}

        {!readOnly && (
          <Stack
            direction="row"
            spacing={1}
            justifyContent="flex-end"
            sx={{
              position: stickyActions ? 'sticky' : { xs: 'sticky', sm: 'static' },
              bottom: 0,
              bgcolor: 'background.default',
              borderTop: stickyActions ? 1 : { xs: 1, sm: 0 },
              borderColor: 'divider',
              py: 1.5,
              zIndex: 2,
            }}
          >
            {onCancel && (
              <Button onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
            )}
            <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
              {submitLabel}
            </Button>
          </Stack>
        )}
      </Stack>
      {picking && (
        <OrgPickerDialog
          open
          value={draft.Org_Id}
          onClose={() => setPicking(false)}
          onPick={(org) => {
            set({ Org_Id: org.Id, Org: { Id: org.Id, Name: org.Name, Code: org.Code } });
            setErrors(({ Org_Id: _dropped, ...rest }) => rest);
            setPicking(false);
          }}
        />
      )}
    </Box>
  );
}
