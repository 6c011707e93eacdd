import { Box, Breadcrumbs, Card, Chip, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { useCanAccessResources } from 'react-admin';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import { resourceByName } from '../../resources/index.js';
import { Texts } from '../../shared/texts/index.js';
import type { OrgState } from '../../dataProvider/session.js';
import { ResourceListOf } from '../resources/SchemaList.js';
import { ancestorIds } from '../components/orgTree.js';
import { OrgActiveToggle } from './OrgActiveToggle.js';
import { OrgGeneralTab, OrgInvoicesTab } from './OrgTabs.js';
import { FIRST_SECTION, ORG_SECTIONS, orgPath } from './orgSections.js';

type OrgRecord = ApiRecord & { id: number };

const SECTION_RESOURCES = ORG_SECTIONS.map((s) => s.resource);

interface Props {
  declaration: ResourceDeclaration;
  /** The page's route (/orgs). */
  base: string;
  orgId: number;
  section?: string;
  orgs: readonly OrgState[];
  /** The org as the tree lists it, when it does. */
  listed?: OrgState;
  /** Its general record (GET /api/orgs/{id}/general), once loaded. */
  general?: OrgRecord;
  generalError: unknown;
  onRetry(): void;
}

/**
 * One org on the Orgs page (spec 002 §2.1): its name, code, where it sits, an Inactive badge and the
 * Activate/Deactivate button; then its tabs — General, Case Types, Users, Expenses, Invoices — each shown to users
 * who may list its resource. An unknown section, or one the user may not open, leads to General.
 */
export function OrgDetail({ declaration, base, orgId, section, orgs, listed, general, generalError, onRetry }: Props) {
  const { canAccess, isPending } = useCanAccessResources({ action: 'list', resources: SECTION_RESOURCES });
  const visible = isPending ? [] : ORG_SECTIONS.filter((s) => canAccess?.[s.resource]);
  const current = visible.find((s) => s.path === section);
  if (!isPending && !current && section !== FIRST_SECTION) return <Navigate to={orgPath(base, orgId)} replace />;

  const record: OrgRecord | undefined = general ?? (listed ? { ...(listed as unknown as ApiRecord), id: listed.Id } : undefined);
  const name = String(record?.Name ?? '');
  const code = record?.Code ? String(record.Code) : '';
  const ancestors = record ? ancestorIds(orgs, orgId).reverse().map((id) => orgs.find((o) => o.Id === id)!).filter(Boolean) : [];
  const sub = current && current.resource !== declaration.name && current.path !== 'invoices' ? resourceByName(current.resource) : undefined;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Card component="header">
        <Box sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 1.5, sm: 2 } }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              {ancestors.length > 0 && (
                <Breadcrumbs aria-label="Parent orgs" maxItems={4} sx={{ typography: 'body2', color: 'text.secondary', mb: 0.25 }}>
                  {ancestors.map((org) => (
                    <Link key={org.Id} component={RouterLink} to={orgPath(base, org.Id, current?.path)} underline="hover" color="inherit">
                      {org.Name}
                    </Link>
                  ))}
                </Breadcrumbs>
              )}
              <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                <Typography variant="h5" component="h2" sx={{ wordBreak: 'break-word' }}>
                  {name || '\u00a0'}
                </Typography>
                {code && <Chip size="small" label={code} sx={{ fontWeight: 600 }} />}
                {Boolean(record?.Hidden) && <Chip size="small" color="warning" variant="outlined" label={Texts.orgs.orgs.inactive} />}
              </Stack>
            </Box>
            {record && <OrgActiveToggle declaration={declaration} record={record} />}
          </Stack>
          <Tabs
            value={current?.path ?? false}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label={`${name} sections`}
            sx={{ mt: 1, minHeight: 44, '& .MuiTab-root': { minHeight: 44, px: { xs: 1.5, sm: 2 } } }}
          >
            {visible.map((s) => (
              <Tab key={s.path} value={s.path} label={s.label} component={RouterLink} to={orgPath(base, orgId, s.path)} />
            ))}
          </Tabs>
        </Box>
      </Card>
      {current?.path === FIRST_SECTION && <OrgGeneralTab declaration={declaration} record={general} error={generalError} onRetry={onRetry} />}
      {current?.path === 'invoices' && <OrgInvoicesTab orgId={orgId} />}
      {sub && record && <ResourceListOf key={`${orgId}-${sub.name}`} resource={sub.name} parent={record} />}
    </Stack>
  );
}
