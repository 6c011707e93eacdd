import { useState } from 'react';
import { Alert, Box, Button, Card, IconButton, LinearProgress, Tooltip, Typography, useMediaQuery } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { PageSizes } from '../../shared/constants.js';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { CaseTemplate, CaseTemplateInUse } from '../../dataProvider/configuration.js';
import { CANNOT_BE_UNDONE, ConfirmDialog } from '../components/ConfirmDialog.js';
import { DataTable } from '../components/DataTable.js';
import { failureOf } from '../itemTypes/itemTypeModel.js';
import { PageGuard } from '../layout/PageGuard.js';
import { PageHeader } from '../layout/PageHeader.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { useCan } from '../session/useSession.js';
import { CASE_TEMPLATES_QUERY_KEY, inUseOf } from './caseTemplateModel.js';
import { CaseTemplateDialog } from './CaseTemplateDialog.js';
import { CaseTemplateInUseDialog } from './CaseTemplateInUseDialog.js';

const T = Texts.configuration.caseTemplateScreen;
const P = Permissions.CaseTemplates;

function CaseTemplatesScreen() {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const canCreate = useCan(P.CREATE_CASE_TEMPLATE);
  const canUpdate = useCan(P.UPDATE_CASE_TEMPLATE);
  const canDelete = useCan(P.DELETE_CASE_TEMPLATE);
  const mobile = useMediaQuery(MOBILE_QUERY);
  const { data: templates, isPending, isError } = useQuery({ queryKey: CASE_TEMPLATES_QUERY_KEY, queryFn: () => dataProvider.getCaseTemplates() });
  const [editing, setEditing] = useState<CaseTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CaseTemplate | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ label: string; usage: CaseTemplateInUse } | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: CASE_TEMPLATES_QUERY_KEY });

  const remove = async () => {
    const template = deleting!;
    setBusy(true);
    try {
      await dataProvider.deleteCaseTemplate(template.Id);
      setDeleting(null);
      notify(T.deleted(template.Label), { type: 'success' });
      await refresh();
    } catch (error) {
      setDeleting(null);
      const usage = inUseOf(error);
      if (usage) setRefusal({ label: template.Label, usage });
      else notify(failureOf(error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Case Templates"
        actions={
          canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              Add Case Template
            </Button>
          )
        }
      />
      <Card sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}>
        {isPending && <LinearProgress aria-label="Loading" />}
        {isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {T.loadFailed}
          </Alert>
        ) : (
          <DataTable<CaseTemplate>
            label="Case Templates"
            rows={templates ?? []}
            rowKey={(t) => t.Id}
            pageSize={PageSizes.DEFAULT}
            defaultSort={{ key: 'label', order: 'asc' }}
            empty={isPending ? '' : T.empty}
            onRowClick={(t) => setEditing(t)}
            columns={[
              {
                key: 'label',
                label: 'Label',
                sortValue: (t) => t.Label,
                render: (t) => (
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {t.Label}
                  </Typography>
                ),
              },
              { key: 'contract', label: 'Contract Type', sortValue: (t) => t.ContractType?.Description, render: (t) => t.ContractType?.Description ?? '' },
              ...(mobile
                ? []
                : [{ key: 'items', label: 'Items', align: 'right' as const, width: 80, sortValue: (t: CaseTemplate) => t.Items.length, render: (t: CaseTemplate) => t.Items.length }]),
              {
                key: 'actions',
                label: '',
                align: 'right',
                width: 88,
                render: (t) => (
                  <Box sx={{ whiteSpace: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
                    <Tooltip title={canUpdate ? 'Edit' : 'View'}>
                      <IconButton size="small" aria-label={`${canUpdate ? 'Edit' : 'View'} ${t.Label}`} onClick={() => setEditing(t)}>
                        {canUpdate ? <EditIcon fontSize="small" /> : <VisibilityOutlinedIcon fontSize="small" />}
                      </IconButton>
                    </Tooltip>
                    {canDelete && (
                      <Tooltip title="Delete">
                        <IconButton size="small" aria-label={`Delete ${t.Label}`} onClick={() => setDeleting(t)}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Box>
                ),
              },
            ]}
          />
        )}
      </Card>
      {editing && (
        <CaseTemplateDialog
          template={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        body={deleting ? `${T.deleteBody(deleting.Label)} ${CANNOT_BE_UNDONE}` : undefined}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={remove}
      />
      {refusal && <CaseTemplateInUseDialog label={refusal.label} usage={refusal.usage} onClose={() => setRefusal(null)} />}
    </>
  );
}

/** /case-templates: what a new case of a type contains and how its report looks (spec 002 §2.2). */
export function CaseTemplatesPage() {
  return (
    <PageGuard page="case-templates">
      <CaseTemplatesScreen />
    </PageGuard>
  );
}
