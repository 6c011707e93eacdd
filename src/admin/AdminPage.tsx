import { Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { PageGuard } from '../layout/PageGuard.js';
import { PageHeader } from '../layout/PageHeader.js';
import { adminEntries } from '../layout/menus.js';
import { useSessionPermissions } from '../session/useSession.js';

/** /admin: the administration areas as cards (the admin menu, as a page). */
export function AdminPage() {
  const { roles } = useSessionPermissions();
  const entries = adminEntries(roles).flatMap((e) => e.children ?? [e]);
  return (
    <PageGuard page="admin">
      <PageHeader title="Admin" />
      <Grid container spacing={2}>
        {entries.map((entry) => (
          <Grid key={entry.path} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card>
              <CardActionArea component={Link} to={entry.path}>
                <CardContent>
                  <Typography variant="h6">{entry.label}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {entry.path}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </PageGuard>
  );
}
