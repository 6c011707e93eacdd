import { XMLValidator } from 'fast-xml-parser';
import { ConfigurationTexts as T } from '../../shared/texts/configuration.js';
import type { ModelStateBuilder } from '../http/errors.js';

/** Adds a ModelState error under `field` when an XSLT text is not well-formed XML. Empty texts are allowed. */
export function checkXslt(errors: ModelStateBuilder, field: string, text: string | null | undefined): void {
  if (!text?.trim()) return;
  const result = XMLValidator.validate(text);
  if (result === true) return;
  const { msg, line, col } = result.err;
  errors.add(field, T.sections.xsltNotWellFormed(`${msg} (line ${line}, column ${col})`));
}

/** An XSLT text as stored: blank means none. */
export const xsltValue = (text: string | null | undefined): string | null => (text?.trim() ? text : null);
