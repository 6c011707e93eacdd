/** Texts of the configuration screens: lists, expense types, section/item/case templates (spec 002). */
export const ConfigurationTexts = {
  /** Texts of the Section Templates screen (spec 002 §2.4, §8). */
  sectionScreen: {
    empty: 'There are no sections.',
    added: (name: string, version: number) => `The section ${name} version ${version} was added.`,
    enabled: (name: string, version: number) => `The section ${name} version ${version} was enabled.`,
    disabled: (name: string, version: number) => `The section ${name} version ${version} was disabled.`,
    xsltUpdated: 'XSLT was updated.',
    newVersionNote: (name: string) => `A section named ${name} already exists: it will be saved as a new version of that section.`,
    nameRequired: 'Section Template Name is required.',
    noFields: 'Add at least one field.',
    invalidJson: 'The JSON is not valid; fix it before switching back.',
  },
  /** Toasts and labels of the Lists screen (spec 002 §2.5, §8). */
  listScreen: {
    empty: 'There are no items in this list.',
    noLists: 'There are no lists.',
    created: (name: string) => `The list ${name} was created.`,
    renamed: (name: string) => `The list was renamed to ${name}.`,
    deleted: (name: string) => `The list ${name} was deleted.`,
    itemAdded: (short: string, list: string) => `${short} was added to ${list}.`,
    itemUpdated: (short: string) => `${short} was updated.`,
    itemEnabled: (short: string) => `${short} was enabled.`,
    itemDisabled: (short: string) => `${short} was disabled.`,
    listNameRequired: 'List name is required.',
    shortRequired: 'Short is required.',
    deleteBody: (name: string) => `Delete the list ${name} and all its items? This action cannot be undone.`,
  },
  lists: {
    unknownList: (tableName: string) => `There is no list ${tableName}.`,
    unknownItem: 'There is no such item in this list.',
    nameNeedsLetters: 'The list name needs at least one letter or digit.',
    nameTaken: 'A list with this name already exists.',
    shortTaken: 'An item with this Short already exists in this list.',
    staticRename: 'Static lists cannot be renamed.',
    staticDelete: 'Static lists cannot be deleted.',
    inUse: (list: string, sections: readonly string[]) =>
      `The list ${list} is used by the section templates ${sections.join(', ')} and cannot be deleted.`,
  },
  sections: {
    unknownSection: 'There is no such section template.',
    fieldNameRequired: 'You must enter a name for this field.',
    fieldLabelRequired: 'You must enter a label for this field.',
    missingInputs: 'Some of your fields are missing required inputs.',
    templateNotJson: 'The template is not valid JSON.',
    duplicateName: (name: string) => `The field name ${name} is already used at this level.`,
    unknownListType: (list: string) => `There is no list ${list}.`,
    xsltNotWellFormed: (detail: string) => `The XSLT is not well-formed XML: ${detail}`,
  },
  itemTypes: {
    unknownItemType: 'There is no such item template.',
    unknownSection: 'There is no such section template.',
    sectionDisabled: 'This section template is disabled.',
    sectionAlreadyAdded: 'This section is already part of the item template.',
    sectionNotInItemType: 'This section is not part of the item template.',
  },
  assets: {
    unknownAsset: 'There is no such asset.',
    noFiles: 'Choose at least one file to upload.',
    renameFailed: 'Unable to change filename.',
    retrieveFailed: 'Unable to retrieve file.',
    nameTooLong: 'The name must be at most 255 characters.',
    notAZip: (zip: string) => `The file ${zip} is not a readable zip archive.`,
    unsafeEntry: (zip: string, entry: string) =>
      `The zip file ${zip} contains an unsafe entry (${entry}); nothing was uploaded.`,
    encryptedEntry: (zip: string, entry: string) =>
      `The zip file ${zip} contains an encrypted entry (${entry}); nothing was uploaded.`,
    tooManyEntries: (zip: string, max: number) =>
      `The zip file ${zip} has more than ${max} entries; nothing was uploaded.`,
    entryTooLarge: (zip: string, entry: string, maxMb: number) =>
      `The entry ${entry} of ${zip} is larger than ${maxMb} MB; nothing was uploaded.`,
    fileTooLarge: (file: string, maxMb: number) => `The file ${file} is larger than ${maxMb} MB; nothing was uploaded.`,
    uploadTooLarge: (maxMb: number) => `The upload holds more than ${maxMb} MB of files; nothing was uploaded.`,
  },
  caseTemplates: {
    unknownCaseTemplate: 'There is no such case template.',
    unknownItem: 'There is no such item in this case template.',
    unknownItemType: 'There is no such item template.',
    invalidChoice: (label: string) => `${label} is not a valid choice.`,
    noAddPermission: 'You do not have permission to add items to a case template.',
    noRemovePermission: 'You do not have permission to remove items from a case template.',
  },
} as const;
