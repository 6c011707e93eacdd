import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Card, LinearProgress, Stack, Typography, useMediaQuery } from '@mui/material';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Confirm, useCanAccess, useDataProvider, useGetOne, useNotify, useRefresh } from 'react-admin';
import type { ApiRecord } from '../../resources/declaration.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { failureOf } from '../../dataProvider/httpClient.js';
import type { OrgState } from '../../dataProvider/session.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { NotFound } from '../layout/NotFound.js';
import { failureMessage } from '../resources/writeFailure.js';
import { useOrgs } from '../session/useLookups.js';
import { subtreeSize } from '../components/orgTree.js';
import type { ViewProps } from '../resources/views.js';
import { OrgCreateDialog } from './OrgCreateDialog.js';
import { OrgDetail } from './OrgDetail.js';
import { OrgTreePanel } from './OrgTreePanel.js';
import { FIRST_SECTION, orgPath } from './orgSections.js';

const T = Texts.orgs.orgs;
type OrgRecord = ApiRecord & { id: number };

/** Answers that mean there is no such org for this user (unknown, or outside the user's org scope). */
const NOT_THERE = new Set([400, 403, 404]);

/** Where the page is: /orgs, /orgs/{orgId}, /orgs/{orgId}/{section} (and anything after it). */
function usePlace(base: string) {
  const { pathname } = useLocation();
  const [org, section, ...rest] = pathname.slice(base.length).split('/').filter(Boolean);
  const orgId = org && /^[1-9]\d*$/.test(org) ? Number(org) : null;
  return { org, orgId, section, rest: rest.length > 0 };
}

/**
 * Moving an org under another: asked first (the org, its new parent and how many orgs move — what the whole subtree
 * inherits changes), then the named data-provider call, its toast, and a refresh of the tree and the page.
 */
function useMoveOrg() {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [moving, setMoving] = useState(false);
  const [asked, setAsked] = useState<{ org: OrgState; parent: OrgState } | null>(null);
  const move = useCallback(
    async (org: OrgState, parent: OrgState) => {
      setMoving(true);
      try {
        await dataProvider.callOperation('orgs', 'move', org.Id, { ParentOrg_Id: parent.Id });
        notify(T.parentChanged(org.Name, parent.Name), { type: 'success' });
        refresh();
      } catch (error) {
        const message = failureMessage(error);
        if (message) notify(message, { type: 'error' });
      } finally {
        setMoving(false);
      }
    },
    [dataProvider, notify, refresh],
  );
  const refuse = useCallback(() => notify(T.underItself, { type: 'warning' }), [notify]);
  const ask = useCallback((org: OrgState, parent: OrgState) => setAsked({ org, parent }), []);
  return { ask, asked, cancel: () => setAsked(null), move, refuse, moving };
}

/** The question asked before an org moves: which org, under which, and how many orgs move with it. */
function ConfirmMove({ org, parent, orgs, onConfirm, onClose }: { org: OrgState; parent: OrgState; orgs: readonly OrgState[]; onConfirm(): void; onClose(): void }) {
  return (
    <Confirm
      isOpen
      title={T.moveTitle(org.Name)}
      content={T.confirmMove(org.Name, parent.Name, subtreeSize(orgs, org.Id))}
      confirm={T.moveConfirm}
      cancel="Cancel"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

function ChooseOrg() {
  return (
    <Card sx={{ py: { xs: 4, sm: 8 }, px: 3, textAlign: 'center' }}>
      <AccountTreeOutlinedIcon sx={{ fontSize: 48, color: 'primary.light', mb: 1 }} />
      <Typography variant="h6" component="h2" gutterBottom>
        Choose an org
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420, mx: 'auto' }}>
        Pick an org in the tree to see and change its general settings, case types and pricing, users, expense rules and
        invoice settings.
      </Typography>
    </Card>
  );
}

/**
 * The Orgs page (spec 002 §2.1), the `orgs` declaration's `list` slot at /orgs, /orgs/{orgId} and
 * /orgs/{orgId}/{section}: the org tree on the left (above, folded, on a phone) and the open org's tabs. /orgs/{id}
 * and an unknown section lead to general; an org the user cannot see is the not-found view. Clicking an org keeps
 * the tab; dropping one onto another moves it after asking (Change Parent Organization); Add Org creates one under the
 * open org.
 */
export default function OrgsPage({ declaration }: ViewProps) {
  const base = declaration.route ?? `/${declaration.name}`;
  const { org, orgId, section, rest } = usePlace(base);
  const navigate = useNavigate();
  const phone = useMediaQuery(MOBILE_QUERY);
  const orgs = useOrgs();
  const listed = orgId ? orgs.find((o) => o.Id === orgId) : undefined;
  const { canAccess: canCreate = false } = useCanAccess({ resource: declaration.name, action: 'create' });
  const { canAccess: canMove = false } = useCanAccess({ resource: declaration.name, action: 'move' });
  const { ask, asked, cancel, move, refuse, moving } = useMoveOrg();
  const [adding, setAdding] = useState(false);
  const {
    data: general,
    error,
    isPending,
    refetch,
  } = useGetOne<OrgRecord>(declaration.name, { id: orgId ?? 0 }, { enabled: orgId !== null && !rest && Boolean(section) });
  const status = failureOf(error).status;
  const missing = Boolean(error) && status !== undefined && NOT_THERE.has(status) && !general;
  const refreshOrgs = useRefresh();
  const caughtUp = useRef<number | null>(null);

  // An org the tree does not know yet (made elsewhere since the list was read) brings the list up to date, once.
  useEffect(() => {
    if (!general || listed || caughtUp.current === general.id) return;
    caughtUp.current = general.id;
    refreshOrgs();
  }, [general, listed, refreshOrgs]);

  if (org && orgId === null) return <NotFound />;
  if (orgId !== null && (!section || rest)) return <Navigate to={orgPath(base, orgId, rest ? section : FIRST_SECTION)} replace />;
  if (missing) return <NotFound />;

  const current = general ?? listed;
  const open = (target: OrgState) => navigate(orgPath(base, target.Id, section ?? FIRST_SECTION));

  return (
    <>
      <Stack direction={phone ? 'column' : 'row'} spacing={phone ? 1.5 : 3} alignItems={phone ? 'stretch' : 'flex-start'}>
        <OrgTreePanel
          orgs={orgs}
          current={orgId}
          currentName={current ? String(current.Name) : undefined}
          currentHidden={Boolean(current?.Hidden)}
          onOpen={open}
          onAdd={canCreate ? () => setAdding(true) : undefined}
          onMove={canMove ? ask : undefined}
          onRefusedMove={canMove ? refuse : undefined}
          moving={moving}
          phone={phone}
        />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {orgId === null ? (
            <ChooseOrg />
          ) : !current && isPending ? (
            <LinearProgress aria-label="Loading" />
          ) : (
            <OrgDetail
              declaration={declaration}
              base={base}
              orgId={orgId}
              section={section}
              orgs={orgs}
              listed={listed}
              general={general}
              generalError={error}
              onRetry={() => void refetch()}
            />
          )}
        </Box>
      </Stack>
      {asked && (
        <ConfirmMove
          {...asked}
          orgs={orgs}
          onClose={cancel}
          onConfirm={() => {
            cancel();
            void move(asked.org, asked.parent);
          }}
        />
      )}
      {adding && (
        <OrgCreateDialog
          declaration={declaration}
          parentId={orgId}
          onClose={() => setAdding(false)}
          onCreated={(created) => {
            setAdding(false);
            navigate(orgPath(base, Number(created.Id ?? created.id)));
          }}
        />
      )}
    </>
  );
}
