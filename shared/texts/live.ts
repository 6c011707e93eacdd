/**
 * Live notices of cases and items (spec 001 §2 "Real-time notices", §8 info toasts), word for word. The numbers are
 * passed as shown: the item number padded to three digits, the case number's last six characters (spec 001 §9).
 */
export const LiveTexts = {
  itemAdded: 'A new item was added. Click to refresh.',
  itemUpdated: (itemNumber: string, lastName: string) => `Item #${itemNumber} for case #${lastName} was updated. Click to refresh.`,
  caseUpdated: (caseNumber: string, lastName: string) => `Case #${caseNumber} ${lastName} was updated. Click to refresh.`,
  caseAdded: 'A new case was added. Click to refresh.',
} as const;
