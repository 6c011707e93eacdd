import { useState } from 'react';
import { Box, Button, Card, CardContent, LinearProgress } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { Schemas } from '../../schemas/index.js';
import type { ObjectSchema } from '../../schemas/index.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider, SecuritySettings } from '../../dataProvider/dataProvider.js';
import type { ErrorBody } from '../../dataProvider/httpClient.js';
import { writeState } from '../../dataProvider/session.js';
import { SchemaForm } from '../forms/SchemaForm.js';
import { PageGuard } from '../layout/PageGuard.js';
import { PageHeader } from '../layout/PageHeader.js';

const schema = Schemas.securitySettings as ObjectSchema;
const QUERY_KEY = ['dossier', 'security'];

function SecurityForm({ initial }: { initial: SecuritySettings }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [formData, setFormData] = useState<Partial<SecuritySettings>>(initial);
  const [modelState, setModelState] = useState<Record<string, string[]>>();
  const [saving, setSaving] = useState(false);

  const save = async (data: SecuritySettings) => {
    setSaving(true);
    setModelState(undefined);
    try {
      const saved = await dataProvider.saveSecuritySettings({
        AutoLogoutTime: data.AutoLogoutTime ?? null,
        EnablePasswordExpiration: data.EnablePasswordExpiration ?? true,
        PasswordExpirationTime: data.PasswordExpirationTime ?? null,
      });
      queryClient.setQueryData(QUERY_KEY, saved);
      writeState((s) => ({ ...s, account: { ...s.account, autoLogoutMinutes: saved.AutoLogoutTime } }));
      setFormData(saved);
      notify(Texts.security.saved, { type: 'success' });
    } catch (error) {
      const body = (error as { body?: ErrorBody }).body;
      if (body?.ModelState) setModelState(body.ModelState);
      else notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <SchemaForm id="security-form" schema={schema} formData={formData} onChange={setFormData} onSubmit={(d) => save(d as unknown as SecuritySettings)} modelState={modelState} disabled={saving}>
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={saving}>
          Save
        </Button>
      </Box>
    </SchemaForm>
  );
}

/** /security: auto-logout minutes and password expiry (Admin Security). */
export function SecurityPage() {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const { data } = useQuery({ queryKey: QUERY_KEY, queryFn: () => dataProvider.getSecuritySettings() });
  return (
    <PageGuard page="security">
      <PageHeader title="Security" />
      <Card sx={{ maxWidth: 640 }}>
        {!data && <LinearProgress aria-label="Loading" />}
        <CardContent>{data && <SecurityForm initial={data} />}</CardContent>
      </Card>
    </PageGuard>
  );
}
