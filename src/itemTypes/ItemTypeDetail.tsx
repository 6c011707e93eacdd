import type { ReactNode } from 'react';
import { Box, Grid, Typography } from '@mui/material';
import type { Identifier } from 'react-admin';
import type { ItemType } from '../../dataProvider/configuration.js';
import type { ViewProps } from '../resources/views.js';
import { ItemTypeAssets } from './ItemTypeAssets.js';
import { ItemTypeForm } from './ItemTypeForm.js';
import { ItemTypeSections } from './ItemTypeSections.js';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="overline" color="text.secondary" component="h3" sx={{ display: 'block', lineHeight: 2, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The `expand` slot of item templates: an expanded row's name and header form, its Sections and its Assets. */
export default function ItemTypeDetail({ declaration, record }: ViewProps) {
  if (!record) return null;
  const itemType = record as unknown as ItemType;
  return (
    // width 0 / min-width 100%: the nested tables scroll inside the row instead of widening the outer table.
    <Box sx={{ width: 0, minWidth: '100%' }}>
      <Grid container spacing={3} sx={{ py: 1 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Block title="Item Template">
            <ItemTypeForm declaration={declaration} itemType={record as typeof record & { id: Identifier }} />
          </Block>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Block title="Sections">
            <ItemTypeSections declaration={declaration} itemType={itemType} />
          </Block>
        </Grid>
        <Grid size={12}>
          <Block title="Assets">
            <ItemTypeAssets itemType={itemType} />
          </Block>
        </Grid>
      </Grid>
    </Box>
  );
}
