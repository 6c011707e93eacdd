import type { ReactNode } from 'react';
import { Box, Chip, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useNotify } from 'react-admin';
import type { DossierDataProvider } from '../../../dataProvider/dataProvider.js';
import { saveFile } from '../../../dataProvider/httpClient.js';
import { lastFirst } from '../../../resources/caseItems.js';
import { ITEM_STATUS_COLORS } from '../itemStatusColors.js';
import { formatDate } from '../../../shared/format.js';
import { ItemTexts } from '../../../shared/texts/items.js';
import { ITEM_PAGE_STATUS_LABELS } from '../../../shared/workflow.js';
import { failureMessage } from '../../resources/writeFailure.js';
import type { ItemDetail } from '../../../schemas/types.js';

const T = ItemTexts.page;

/** One label and value of the summary; an empty value shows a dash. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block', textTransform: 'uppercase', letterSpacing: 0.4 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}

/** The item's address on one or two lines: street lines, then city, state and ZIP code. */
function addressOf(item: ItemDetail): string {
  const street = [item.Address1, item.Address2].filter(Boolean).join(', ');
  const region = item.Location?.Region?.Short;
  const town = [item.City, [region, item.PostalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [street, town].filter(Boolean).join(' · ');
}

/** The item summary (spec 001 §2 "Item page"): template, status, who works it, deadlines, where, and its case. */
export function ItemSummary({ item }: { item: ItemDetail }) {
  const c = item.Case;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}>
      <Fact label="Item Template">{item.ItemType?.Description}</Fact>
      <Fact label="Item Status">
        <Chip key={item.ItemStatus} size="small" label={ITEM_PAGE_STATUS_LABELS[item.ItemStatus]} color={ITEM_STATUS_COLORS[item.ItemStatus]} sx={{ fontWeight: 500 }} />
      </Fact>
      <Fact label="Assignee">{lastFirst(item.AssignedTo)}</Fact>
      <Fact label="Reviewer">{c.Reviewer?.Name}</Fact>
      <Fact label="ACD">{item.ACD ? formatDate(item.ACD) : ''}</Fact>
      <Fact label="Completed Date">{item.CompletedDate ? formatDate(item.CompletedDate) : ''}</Fact>
      <Fact label="Location/Description">{item.Label}</Fact>
      <Fact label="Address">{addressOf(item)}</Fact>
      <Fact label="Case Name">{c.Subject?.LastName}</Fact>
      <Fact label="Org">{c.Org?.Code}</Fact>
      <Fact label="Case Type">{c.CaseType?.Short}</Fact>
      <Fact label="Show In Report">{item.ShowInReport ? 'Yes' : 'No'}</Fact>
    </Box>
  );
}

/** The item template's downloadable assets (spec 001 §2 "Item page"), each saved under its name. */
export function ItemAssets({ item }: { item: ItemDetail }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const assets = item.ItemType?.Assets ?? [];
  if (!assets.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        {T.noAssets}
      </Typography>
    );
  }
  const download = async (asset: { Id: number; Name: string }) => {
    try {
      saveFile(await dataProvider.callOperation('itemTypeAssets', 'download', item.ItemType_Id, asset.Id), asset.Name);
    } catch (error) {
      const message = failureMessage(error);
      if (message !== null) notify(T.assetFailed, { type: 'error' });
    }
  };
  return (
    <List dense disablePadding aria-label="Downloads">
      {assets.map((asset) => (
        <ListItemButton key={asset.Id} onClick={() => void download(asset)} sx={{ borderRadius: 1 }}>
          <ListItemIcon sx={{ minWidth: 36 }}>
            <DownloadIcon fontSize="small" color="primary" />
          </ListItemIcon>
          <ListItemText primary={asset.Name} />
        </ListItemButton>
      ))}
    </List>
  );
}
