/** react-query keys shared by screens that show the same server data. */
export const SECTIONS_QUERY_KEY = ['dossier', 'sections'] as const;
export const ITEM_TYPES_QUERY_KEY = ['dossier', 'item-types'] as const;
