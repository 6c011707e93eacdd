import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Card, Chip, IconButton, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { formatLongDate } from '../../shared/format.js';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { SectionTemplate } from '../../dataProvider/configuration.js';
import { DataTable } from '../components/DataTable.js';
import { PageGuard } from '../layout/PageGuard.js';
import { PageHeader } from '../layout/PageHeader.js';
import { useCan } from '../session/useSession.js';
import { SECTIONS_QUERY_KEY } from '../session/queryKeys.js';
import { SectionEditorDialog, typingInInput } from './SectionEditorDialog.js';

const S = Texts.configuration.sectionScreen;

interface SectionGroup {
  name: string;
  latest: SectionTemplate;
  versions: SectionTemplate[];
}

/** Versions grouped by section name; the group shows its latest version. */
export function groupSections(sections: readonly SectionTemplate[]): SectionGroup[] {
  const groups = new Map<string, SectionTemplate[]>();
  for (const section of sections) {
    const key = section.SectionName.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), section]);
  }
  return [...groups.values()].map((versions) => {
    const sorted = [...versions].sort((a, b) => b.Version - a.Version);
    return { name: sorted[0].SectionName, latest: sorted[0], versions: sorted };
  });
}

const Tick = ({ on }: { on: boolean }) =>
  on ? <CheckIcon color="success" fontSize="small" aria-label="Yes" /> : <CloseIcon color="error" fontSize="small" aria-label="No" />;

/** /sections: section templates grouped by name, their versions, and the builder (spec 002 §2.4). */
export function SectionTemplatesPage() {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const canCreate = useCan(Permissions.Sections.CREATE_SECTION_TEMPLATES);
  const canToggle = useCan(Permissions.Sections.DELETE_SECTION_TEMPLATES);
  const { data: sections, isPending } = useQuery({ queryKey: SECTIONS_QUERY_KEY, queryFn: () => dataProvider.getSections() });
  const groups = useMemo(() => groupSections(sections ?? []), [sections]);
  const [open, setOpen] = useState<string | null>(null);
  const [editing, setEditing] = useState<SectionTemplate | 'new' | null>(null);

  // N opens a new section template when no input has the focus and no dialog is open.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!canCreate || editing || event.ctrlKey || event.metaKey || event.altKey || typingInInput()) return;
      if (document.querySelector('[role="dialog"]')) return;
      if (event.key === 'n' || event.key === 'N') {
        event.preventDefault();
        setEditing('new');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canCreate, editing]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: SECTIONS_QUERY_KEY });
  const toggle = async (version: SectionTemplate) => {
    try {
      const updated = await dataProvider.toggleSection(version.Id);
      notify(updated.Enabled ? S.enabled(updated.SectionName, updated.Version) : S.disabled(updated.SectionName, updated.Version), { type: 'success' });
      await refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <PageGuard page="sections">
      <PageHeader
        title="Section Templates"
        actions={
          canCreate && (
            <Tooltip title="Shortcut: N" describeChild>
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
                Add Section Template
              </Button>
            </Tooltip>
          )
        }
      />
      <Card>
        {isPending && <LinearProgress aria-label="Loading" />}
        <DataTable<SectionGroup>
          label="Section Templates"
          rows={groups}
          rowKey={(g) => g.name.toLowerCase()}
          defaultSort={{ key: 'name', order: 'asc' }}
          empty={isPending ? '' : S.empty}
          onRowClick={(g) => setOpen(open === g.name ? null : g.name)}
          columns={[
            {
              key: 'name',
              label: 'Section Name',
              sortValue: (g) => g.name,
              render: (g) => (
                <Stack direction="row" spacing={1} alignItems="center">
                  {open === g.name ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {g.name}
                  </Typography>
                </Stack>
              ),
            },
            { key: 'latest', label: 'Latest Version', sortValue: (g) => g.latest.Version, render: (g) => g.latest.Version },
            { key: 'enabled', label: 'Enabled', render: (g) => <Tick on={g.latest.Enabled} /> },
          ]}
          renderDetail={(g) =>
            open === g.name ? (
              <Box>
                <DataTable<SectionTemplate>
                  label={`Versions of ${g.name}`}
                  rows={g.versions}
                  rowKey={(v) => v.Id}
                  empty={S.empty}
                  rowSx={(v) => (v.Enabled ? undefined : { '& td': { color: 'text.disabled' } })}
                  columns={[
                    { key: 'version', label: 'Version', render: (v) => <Chip size="small" label={`v${v.Version}`} /> },
                    { key: 'enabled', label: 'Enabled', render: (v) => <Tick on={v.Enabled} /> },
                    { key: 'created', label: 'Created On', render: (v) => formatLongDate(v.CreatedDate) },
                    {
                      key: 'actions',
                      label: '',
                      align: 'right',
                      render: (v) => (
                        <Box sx={{ whiteSpace: 'nowrap' }}>
                          <Tooltip title="Edit">
                            <IconButton size="small" aria-label={`Edit ${v.SectionName} version ${v.Version}`} onClick={() => setEditing(v)}>
                              <EditIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                          {canToggle && (
                            <Tooltip title={v.Enabled ? 'Disable' : 'Enable'}>
                              <IconButton size="small" aria-label={`${v.Enabled ? 'Disable' : 'Enable'} ${v.SectionName} version ${v.Version}`} onClick={() => toggle(v)}>
                                {v.Enabled ? <BlockIcon fontSize="small" /> : <CheckCircleOutlineIcon fontSize="small" />}
                              </IconButton>
                            </Tooltip>
                          )}
                        </Box>
                      ),
                    },
                  ]}
                />
              </Box>
            ) : null
          }
        />
      </Card>
      {editing && (
        <SectionEditorDialog
          version={editing === 'new' ? undefined : editing}
          sections={sections ?? []}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      )}
    </PageGuard>
  );
}
