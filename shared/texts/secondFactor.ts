/**
 * The second sign-in factor (issue 26 §2): the sign-in page's code step, enrolment from /account or at sign-in,
 * recovery codes, disabling it and an administrator's reset. Not in the spec: worded as the sign-in texts are.
 */
export const SecondFactorTexts = {
  title: 'Two-step sign-in',
  signIn: {
    /** The answer of a right password when a code is still needed (`mfa_required`). */
    codeRequired: 'Enter the code from your authenticator app.',
    /** The answer of a right password for a user whose group requires a second factor they have not set up. */
    enrolmentRequired: 'Your account needs two-step sign-in. Set it up to continue.',
    invalidCode: 'The code is incorrect.',
    invalidRecoveryCode: 'The recovery code is incorrect or has already been used.',
    /** A challenge unknown, ended, used up or past its few minutes. */
    expired: 'The sign-in has expired. Please sign in again.',
    missingCode: 'The code is required.',
    codeStepTitle: 'Two-step sign-in',
    codeStepHint: 'Open your authenticator app and enter the 6-digit code for Dossier.',
    recoveryStepHint: 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each works once.',
    useRecoveryCode: 'Use a recovery code',
    recoveryCodeLabel: 'Recovery code',
    useAuthenticator: 'Use a code from the app',
    back: 'Back',
    verify: 'Verify',
    enrolTitle: 'Set up two-step sign-in',
  },
  enrol: {
    intro: 'Scan the QR code with an authenticator app (or enter the key by hand), then enter the 6-digit code it shows.',
    secretLabel: 'Key',
    qrAlt: 'QR code for your authenticator app',
    codeLabel: 'Code',
    start: 'Set Up Two-Step Sign-In',
    confirm: 'Turn On',
    cancel: 'Cancel',
    alreadyOn: 'Two-step sign-in is already on.',
    notStarted: 'Start the set-up again: it has not begun or has been replaced.',
    enabled: 'Two-step sign-in is on.',
    startFailed: 'Unable to start the set-up of two-step sign-in.',
  },
  recovery: {
    title: 'Recovery codes',
    intro: 'Keep these codes somewhere safe. Each signs you in once if you lose your authenticator app. They are shown only now.',
    copy: 'Copy',
    download: 'Download',
    copied: 'The recovery codes were copied.',
    done: 'I Saved Them',
    continue: 'Continue',
    fileName: 'dossier-recovery-codes.txt',
    left: (count: number) => `${count} recovery ${count === 1 ? 'code' : 'codes'} left.`,
  },
  status: {
    on: 'Two-step sign-in is on.',
    off: 'Two-step sign-in is off.',
    required: 'Your groups require two-step sign-in.',
  },
  disable: {
    action: 'Turn Off',
    title: 'Turn off two-step sign-in',
    passwordLabel: 'Password',
    codeLabel: 'Code or recovery code',
    invalidPassword: 'The password is incorrect.',
    required: 'Your groups require two-step sign-in: it cannot be turned off.',
    notOn: 'Two-step sign-in is not on.',
    disabled: 'Two-step sign-in is off.',
  },
  reset: {
    action: 'Reset Two-Step Sign-In',
    confirm: (name: string) => `Reset two-step sign-in of ${name}? They will set it up again at their next sign-in if their groups require it.`,
    done: (name: string) => `Two-step sign-in of ${name} was reset.`,
    on: 'Two-step sign-in is on.',
    off: 'Two-step sign-in is off.',
  },
  settings: {
    groupsTitle: 'Groups that must use two-step sign-in',
    unknownGroup: 'A chosen group does not exist.',
  },
} as const;
