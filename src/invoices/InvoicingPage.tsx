import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Card, LinearProgress, Stack, Typography, useMediaQuery } from '@mui/material';
import { useCanAccess, useDataProvider } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import invoiceHistory from '../../resources/invoiceHistory.js';
import type { InvoiceableOrg } from '../../schemas/types.js';
import { Limits, Timing } from '../../shared/constants.js';
import { InvoiceTexts as T } from '../../shared/texts/invoices.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { OrgTree } from '../components/OrgTree.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { PageHeader } from '../layout/PageHeader.js';
import { AccountingNotice } from './AccountingNotice.js';
import { useOrgList } from '../session/useLookups.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import type { ViewProps } from '../resources/views.js';
import { useDebounced } from '../components/useDebounced.js';
import { OrgCard, OrgCases } from './OrgInvoiceCard.js';

/**
 * Billable orgs in bold: the tree's rows carry the tree item's id attribute, which ends in `-{org id}`
 * (MUI X's `${treeId}-${itemId}`), so one rule per org marks its own row and not its children's.
 */
function boldRows(orgIds: readonly number[]) {
  return Object.fromEntries(orgIds.map((id) => [`& li[id$="-${id}"] > .MuiTreeItem-content .MuiTreeItem-label`, { fontWeight: 700 }]));
}

/** The left panel: titled Orgs, the org tree with checkboxes (orgs with billable cases in bold), resizable by its corner. */
function OrgPanel({ selected, onSelect, billable, phone }: { selected: number[]; onSelect(ids: number[]): void; billable: readonly number[]; phone: boolean }) {
  const { list: orgs, isFetching, error, refetch } = useOrgList();
  const minWidth = `max(20vw, ${Limits.ORG_TREE_MIN_WIDTH_PX}px)`;
  return (
    <Card
      component="nav"
      aria-label={T.orgsHeading}
      sx={{
        p: 2,
        flexShrink: 0,
        width: phone ? '100%' : minWidth,
        minWidth: phone ? undefined : minWidth,
        minHeight: phone ? undefined : Limits.INVOICE_TREE_MIN_HEIGHT_PX,
        maxWidth: phone ? undefined : '50vw',
        resize: phone ? undefined : 'horizontal',
        overflow: 'auto',
        ...boldRows(billable),
      }}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {T.orgsHeading}
      </Typography>
      {orgs.length > 0 ? (
        <OrgTree orgs={orgs} multi selected={selected} onSelect={onSelect} label={T.orgsHeading} height={phone ? Limits.ORG_TREE_HEIGHT_PX : undefined} expandFirstOnly />
      ) : error && !isFetching ? (
        <LoadFailed error={error} text={T.orgsFailed} onRetry={refetch} />
      ) : (
        <Typography color="text.secondary">{isFetching ? T.loadingOrgs : T.noOrgs}</Typography>
      )}
    </Card>
  );
}

/**
 * The invoicing screen (/invoices, spec 002 §2.7), the `invoices` declaration's list slot: the org tree with
 * checkboxes on the left, orgs with billable cases in bold; on the right one card per checked org (asked 500 ms after
 * the last change), only one open at a time, each with its date filter, cases table and Create Invoice, which asks
 * first with a summary. An invoice made returns the screen to its first state, nothing checked. Invoice History (the
 * invoices already created) opens from the header.
 */
export default function InvoicingPage({ declaration }: ViewProps) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const phone = useMediaQuery(MOBILE_QUERY);
  const { canAccess: canCreate = false } = useCanAccess({ resource: declaration.name, action: 'create' });
  const { canAccess: canSeeHistory = false } = useCanAccess({ resource: invoiceHistory.name, action: 'list' });
  const { data: billable, refetch: refetchBillable } = useQuery({ queryKey: [declaration.name, 'billableOrgs'], queryFn: () => dataProvider.callOperation('invoices', 'billableOrgs') });
  const [selected, setSelected] = useState<number[]>([]);
  const asked = useDebounced(selected, Timing.INVOICE_ORG_DEBOUNCE_MS);
  const [groups, setGroups] = useState<InvoiceableOrg[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<number | null>(null);

  useEffect(() => {
    if (asked.length === 0) {
      setGroups(null);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    setFailed(false);
    dataProvider
      .callOperation('invoices', 'invoiceableCases', { Org_Ids: asked }, controller.signal)
      .then((answer) => {
        setGroups(answer);
        setLoading(false);
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setFailed(true);
        setLoading(false);
      });
    return () => controller.abort();
  }, [asked, dataProvider]);

  const invoiced = () => {
    setSelected([]);
    setOpen(null);
    setGroups(null);
    void refetchBillable();
  };

  const billableIds = useMemo(() => (billable ?? []).map((o) => o.Id), [billable]);
  let content: ReactNode;
  if (selected.length === 0) content = <Typography color="text.secondary">{T.chooseOrgs}</Typography>;
  else if (loading || (!groups && !failed) || selected !== asked)
    content = (
      <Box>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {T.loadingInvoices}
        </Typography>
        <LinearProgress aria-label={T.loadingInvoices} />
      </Box>
    );
  else if (failed || !groups) content = <Alert severity="error">{T.loadFailed}</Alert>;
  else
    content = (
      <Stack spacing={2}>
        {groups.map((group) => (
          <OrgCard key={group.Org_Id} group={group} open={open === group.Org_Id} onToggle={() => setOpen((was) => (was === group.Org_Id ? null : group.Org_Id))}>
            <OrgCases group={group} canCreate={canCreate} onInvoiced={invoiced} />
          </OrgCard>
        ))}
      </Stack>
    );

  return (
    <Box>
      <PageHeader
        title={declaration.title}
        actions={
          canSeeHistory && (
            <Button component={RouterLink} to={invoiceHistory.route!} variant="outlined" startIcon={<ReceiptLongIcon />}>
              {T.history.open}
            </Button>
          )
        }
      />
      <AccountingNotice unauthorised />
      <Stack direction={phone ? 'column' : 'row'} spacing={phone ? 1.5 : 3} alignItems={phone ? 'stretch' : 'flex-start'}>
        <OrgPanel selected={selected} onSelect={setSelected} billable={billableIds} phone={phone} />
        <Box sx={{ flex: 1, minWidth: 0 }}>{content}</Box>
      </Stack>
    </Box>
  );
}
