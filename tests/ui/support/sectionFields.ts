import { nameFromLabel } from '../../../shared/sectionSchema.js';
import type { SectionField } from '../../../shared/sections.js';

let n = 0;

/** A section template field as the section builder writes it: a fresh id, its name derived from the label. */
export const field = (type: string, label: string, extra: Partial<SectionField> = {}): SectionField => ({
  '@id': `f${++n}`,
  '@type': type,
  '@name': nameFromLabel(label),
  '@label': label,
  ...extra,
});
