import { createContext, useContext } from 'react';
import type { ApiRecord } from '../../resources/declaration.js';
import type { ViewPart } from './viewPart.js';

/*
 * What a form's view says about its form (props of `ResourceForm`): its sections, the inputs it draws itself, and how
 * it saves. The contract says only which fields a write sends (`form.fields`); everything a screen shows is its view's.
 */

/**
 * When a form section shows: only for some of the records `field` holds — the records themselves, or their ids
 * among the `reference` resource's records (a user's groups tagged Employee). A form may show it regardless by
 * its `name` (New Employee).
 */
export interface SectionCondition {
  name: string;
  field: string;
  reference?: string;
  some(record: ApiRecord): boolean;
}

/** A titled part of a sectioned form. */
export interface FormSectionView {
  /** The heading, also the section's accessible name. */
  title: string;
  /** Properties of the schema in order (readOnly ones shown, never sent); a section of one list gets the list's add button in its heading. */
  fields?: readonly string[];
  /** Drawn after the section's fields, given the record and `readOnly` (an account's lock controls, a group's tags). */
  part?: ViewPart;
  /** Only on a new record, only on an existing one the user may change, or on any existing one (changed or viewed). */
  on?: 'create' | 'edit' | 'existing';
  when?: SectionCondition;
  /** Shown only to users holding this action of the contract (the case template, to system administrators). */
  action?: string;
  /** A list section's text when it has no entries, and its add button when not "Add <entry title>". */
  empty?: string;
  addLabel?: string;
}

/**
 * A save the server refuses until the user confirms (a duplicate): a 409 whose answer holds `flag` true shows its
 * Message above the buttons and turns the submit button into `submitLabel`; the next save sends `field: true`.
 * Changing one of `resetOn` (what made it a duplicate) asks the server again from scratch.
 */
export interface FormConfirmation {
  flag: string;
  field: string;
  submitLabel: string;
  resetOn: readonly string[];
}

/** How a view's form is laid out and saves; each part optional (a form without any is the contract's fields in one block). */
export interface FormView {
  /** The form in titled sections; a field in no shown section is not sent. Default: the contract's `form.fields` in one. */
  sections?: readonly FormSectionView[];
  /** Inputs the view draws instead of the schema's, by field (the org picker); each reads its source from `useSchemaInput()`. */
  inputs?: Readonly<Record<string, ViewPart>>;
  /**
   * Fields only some users may change: field → an action of the contract (`{ Reviewer_Id: 'assignReviewer' }`);
   * others see the field read only, and it is not sent. The server checks the same permissions.
   */
  fieldPermissions?: Readonly<Record<string, string>>;
  confirm?: FormConfirmation;
  /**
   * The record field holding why the caller may not change the record, as the server decides it (`LockedReason`,
   * null when it may be changed): the form then says why, shows its fields read only and keeps its save disabled.
   */
  locked?: string;
  /** A refused save's ModelState messages also show as toasts, each once: on every save, or only when editing. */
  toastModelState?: 'always' | 'edit';
  /** Saving an existing record waits for a change (the org's General tab: "disabled until something changed"). */
  saveWhenChanged?: boolean;
}

const noInputs: Readonly<Record<string, ViewPart>> = {};

/** The inputs the form's view draws itself, for the schema inputs below it. */
export const FormInputs = createContext<Readonly<Record<string, ViewPart>>>(noInputs);

/** The input the form's view draws for a field, if it draws one. */
export const useFormInput = (name: string): ViewPart | undefined => useContext(FormInputs)[name];
