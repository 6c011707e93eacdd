import type { ComponentType } from 'react';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';

/** What a view part receives: its resource's declaration and, where it has one, the record it is shown for. */
export interface ViewProps {
  declaration: ResourceDeclaration;
  record?: ApiRecord;
  /** A sub-resource's parent record. */
  parent?: ApiRecord;
  /** A sub-resource's list titled by the resource's title (a row expanding into several lists). */
  caption?: boolean;
  /**
   * Edit and create parts: show the record without changing it (the user lacks the edit permission). Lists: its
   * records are only read here (a locked case's papers), whatever the user may do.
   */
  readOnly?: boolean;
  /** Edit and create parts: close the form (after a save, the part has refreshed what it changed). */
  onClose?: () => void;
  /** `removeRefused`: the delete's refusal. */
  error?: unknown;
}

/** A component of a resource's screens, usually `lazy(() => import('./ThePart.js'))` so its code loads on first use. */
export type ViewPart = ComponentType<ViewProps>;
