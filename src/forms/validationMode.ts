/**
 * When a form's fields are checked, for every react-admin Form in the product: all of them on submit, then each as it
 * changes, so a corrected value clears its error at once (docs/decisions.md, "When fields are checked": not on
 * blur, which swallowed the click on Save that caused the blur).
 */
export const VALIDATION_MODE = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;
