import type { ItemStatus } from '../../shared/workflow.js';
import type { ChipColor } from '../resources/columns.js';

/** The status badge's colour: waiting grey, at work blue, with the reviewer amber, accepted green, rejected red. */
export const ITEM_STATUS_COLORS: Record<ItemStatus, ChipColor> = {
  AWAITING_ASSIGNMENT: 'default',
  ASSIGNED: 'info',
  IN_REVIEW: 'warning',
  ACCEPTED: 'success',
  REJECTED: 'error',
};
