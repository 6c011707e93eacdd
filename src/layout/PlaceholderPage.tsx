import { Card, CardContent, Typography } from '@mui/material';
import { PageHeader } from './PageHeader.js';

/** A page whose area is not built yet: the route and its permission gate are real, the screen is not. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <CardContent>
          <Typography color="text.secondary">This screen is not available in this version of Dossier yet.</Typography>
        </CardContent>
      </Card>
    </>
  );
}
