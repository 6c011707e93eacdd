import { Alert, Box, Card, CardContent, LinearProgress } from '@mui/material';
import { useCanAccess, useGetOne } from 'react-admin';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import { Texts } from '../../shared/texts/index.js';
import { PageHeader } from '../layout/PageHeader.js';
import { ResourceForm } from './ResourceForm.js';
import { useResourceTexts } from './views.js';

/**
 * The page of a singleton resource (security settings): its one record in the declaration's form, saved whole.
 * A failed load says so instead of showing an empty form; without the edit permission the form is read only.
 */
export function SingletonForm({ declaration }: { declaration: ResourceDeclaration }) {
  const { data, error, isPending } = useGetOne<ApiRecord & { id: string }>(declaration.name, { id: declaration.name });
  const { canAccess: canEdit = false } = useCanAccess({ resource: declaration.name, action: 'edit' });
  const texts = useResourceTexts(declaration);
  return (
    <>
      <PageHeader title={declaration.title} />
      <Card sx={{ maxWidth: 640 }}>
        <Box sx={{ height: 4 }}>{isPending && <LinearProgress aria-label="Loading" />}</Box>
        {error && <Alert severity="error">{Texts.global.noResponse}</Alert>}
        {data && (
          <CardContent>
            <ResourceForm declaration={declaration} record={data} readOnly={!canEdit} label={declaration.title} submitLabel={texts.editSubmit} layout="stack" />
          </CardContent>
        )}
      </Card>
    </>
  );
}
