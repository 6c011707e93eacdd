/** Texts of identity administration, own account, account recovery and the partner file tool (spec 000). */
export const IdentityTexts = {} as const;
