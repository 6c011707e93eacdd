/**
 * Texts of identity administration, own account, account recovery and the partner file tool (spec 000).
 * Spec wording is word for word; texts the spec does not give (server answers it leaves open) are marked
 * "ours" and follow the same tone.
 */
export const IdentityTexts = {
  users: {
    noOrganization: 'No organization',
    chooseOrganization: 'You must choose an organization.',
    needsEmail: 'User needs at least one email.',
    deleteTitle: 'Do you really want to do this?',
    deleteBody: 'Delete the user? This action cannot be undone.',
    deleteButton: 'Delete User',
    deleted: (first: string, last: string) => `${first} ${last} was deleted successfully.`,
    unableToDelete: 'Unable to delete user.',
    deactivated: (name: string) => `${name}'s account was deactivated.`,
    reactivated: (name: string) => `${name}'s account was reactivated.`,
    forever: 'Forever',
    newUserFailed: 'An unexpected error occurred.',
    // ours
    userNameTaken: 'This username is already taken.',
    notFound: 'The user does not exist.',
    cannotDeleteSelf: 'You cannot delete your own account.',
    cannotLockSelf: 'You cannot deactivate your own account.',
    stillReferenced: (name: string) =>
      `${name} cannot be deleted because cases, items, messages or invoices refer to this user. Deactivate the account instead.`,
    lockDateInPast: 'The deactivation date cannot be in the past.',
    lockDateInvalid: 'The deactivation date is not a valid date.',
    onlyAdminsGrantAdmin: 'Only system administrators can add users to a group that holds System Administrator.',
    onlyAdminsManageAdmins: 'Only system administrators can change the account of a system administrator.',
    notAChoice: (label: string) => `${label} is not a valid choice.`,
    lastInvestigationInFuture: 'Last investigation cannot be a future date.',
    emailInvalid: 'Email address is not valid.',
  },
  groups: {
    created: (name: string) => `The group ${name} was created successfully.`,
    updated: (name: string) => `The group ${name} was updated successfully.`,
    deleted: (name: string) => `${name} was deleted`,
    unableToDelete: (name: string) => `Unable to delete ${name}`,
    deleteTitle: (name: string) => `Delete group ${name}?`,
    // ours
    notFound: 'The group does not exist.',
    nameTaken: 'A group with this name already exists.',
    stillHasUsers: (name: string, count: number) =>
      `Unable to delete ${name}: ${count} ${count === 1 ? 'user is' : 'users are'} still in the group.`,
    idMismatch: 'The group id in the body does not match the address.',
    roleRequired: 'Choose a role.',
    unknownRole: 'The role does not exist.',
    onlyAdminsGrantAdmin: 'Only system administrators can grant System Administrator.',
    onlyAdminsChangeAdminGroup: 'Only system administrators can change a group that holds System Administrator.',
    lastAdminGroup: 'At least one group must keep the System Administrator role.',
  },
  tags: {
    unableToGet: 'Unable to get tags.',
    unableToSave: 'Unable to save tags.',
  },
  /** Texts of the Users, Groups, Roles and Manage Account screens; "ours" where the spec gives none. */
  screens: {
    // ours
    userCreated: (name: string) => `${name} was created successfully.`,
    userUpdated: (name: string) => `${name} was updated successfully.`,
    noUsers: 'No users match these filters.',
    noGroups: 'No groups yet.',
    noRoles: 'No roles match the filter.',
    noTags: 'No tags',
    required: (label: string) => `${label} is required.`,
    lockedUntil: (date: string) => `Deactivated until ${date}`,
    lockedForever: 'Deactivated: Forever',
    active: 'Active',
    unconfirmed: 'Email not confirmed',
    groupDeleteBody: 'This action cannot be undone.',
    groupNameRequired: 'Name is required.',
    roleSaveFailed: (role: string) => `Unable to change the role ${role}.`,
    readOnlyRoles: 'You may view these roles; changing them needs the Admin Edit Group permission.',
    adminGroupRoles: 'This group holds System Administrator, which grants every permission; only the General roles apply.',
    passwordIncomplete: 'Fill in all three password fields.',
    loadFailed: 'Unable to load the data. Try again later.',
  },
  recovery: {
    // ours: the answers the spec leaves open
    invalidCode: 'Invalid token.',
    emailConfirmed: 'Your email has been confirmed.',
    confirmationSent: 'If the account is waiting for confirmation, an email has been sent.',
    resetMail: {
      subject: 'Reset your Dossier password',
      text: (link: string, hours: number) =>
        `Someone asked to reset the password of your Dossier account.\n\n` +
        `To choose a new password, open this link within ${hours} hour${hours === 1 ? '' : 's'}:\n${link}\n\n` +
        `The link works once. If you did not ask for this, ignore this email; your password stays as it is.\n`,
    },
    usernameMail: {
      subject: 'Your Dossier username',
      text: (userNames: readonly string[], loginLink: string) =>
        `${userNames.length === 1 ? 'The username registered' : 'The usernames registered'} for this email address:\n\n` +
        `${userNames.map((name) => `  ${name}`).join('\n')}\n\nSign in at ${loginLink}\n`,
    },
    confirmMail: {
      subject: 'Confirm your Dossier email address',
      text: (firstName: string, userName: string, link: string, days: number) =>
        `Hello ${firstName},\n\nAn account with the username ${userName} is waiting for you in Dossier.\n\n` +
        `Confirm your email address and choose your password by opening this link within ${days} days:\n${link}\n`,
    },
  },
  files: {
    uploaded: 'File Has Been Uploaded.',
    listLoaded: 'Files List Loaded.',
    deleted: 'Files Deleted Successfully.',
    uploadFailed: 'ERROR UPLOADING FILE.',
    listFailed: 'ERROR LOADING FILES LIST.',
    deleteFailed: 'ERROR DELETING FILE.',
    confirmDelete: 'Are you sure you wish to delete this item?',
    // ours
    chooseFile: 'Choose a file to upload.',
    chooseFolder: 'Choose a folder.',
    unknownFolder: 'The folder does not exist.',
    notYourFolder: 'You are not allowed to use this folder.',
    invalidPath: 'The file path is not valid.',
    fileNotFound: 'The file does not exist.',
  },
} as const;
