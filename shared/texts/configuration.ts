/** Texts of the configuration screens: lists, expense types, section/item/case templates (spec 002). */
export const ConfigurationTexts = {} as const;
