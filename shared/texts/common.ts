/**
 * Texts users see, word for word from the spec. Functions build the ones that carry a name.
 * Components and server routes take their wording from here and nowhere else.
 */
export const CommonTexts = {
  global: {
    noResponse: 'There was an error connecting to the server.',
    sessionExpired: 'Your session has expired.',
    signedInElsewhere: 'You have been logged out because you signed in on another device.',
    /** A request the server could not finish before it stopped, and the live stream's last event then. */
    serverStopping: 'The server is restarting. Please try again in a moment.',
    /** A request the server turned away while overloaded (503 with Retry-After). */
    serverBusy: 'The server is busy. Please try again in a moment.',
    forbidden: 'Forbidden.',
    /** The access hook's 403: the caller holds none of the route's permissions (server/http/access.ts). */
    noRoutePermission: 'You do not have permission to do this.',
    /** A read of a batch (POST /api/reads) that is not a JSON answer of the API. */
    readNotBatchable: 'This address cannot be read in a batch.',
    /** Title of a confirmation before something that cannot be undone (spec 002 §5). */
    confirmTitle: 'Do you really want to do this?',
    cannotBeUndone: 'This action cannot be undone.',
    /** The note of a list that needs entries (spec 000 §5: "* At least 1 is required"). */
    atLeast: (count: number) => `* At least ${count} is required`,
    pageError: 'Unable to display this page.',
    notFound: '(404) Not Found - The page you are looking for could not be found.',
    notAuthorized: 'You Are Not Authorized',
    unexpected: 'An unexpected error occurred.',
    sessionEndsIn: (mmss: string) => `Your session will end in ${mmss}`,
    welcomeBack: (first: string, last: string) => `Welcome back, ${first} ${last}`,
    qboCallback: 'Authentication received, this window will close shortly...',
    restricted: 'Access is restricted to authorized personnel only.',
    tooManyRequests: (seconds: number) => `Too many requests. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  },
  signIn: {
    invalid: 'The user name or password is incorrect.',
    locked: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    deactivated: 'This account has been deactivated.',
    passwordExpired: 'Your password has expired and must be changed.',
    unsupportedGrant: 'The grant type is not supported.',
    missingFields: 'The user name and password are required.',
    throttled: (seconds: number) => `Too many sign-in attempts. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    throttledLater: 'Too many sign-in attempts. Try again later.',
  },
  account: {
    updated: 'Your account was successfully updated.',
    passwordUpdated: 'Your password was successfully updated.',
    noPhones: 'No phone numbers.',
    noEmails: 'No emails.',
    noCredentials: 'No credentials.',
    noClearances: 'No clearances.',
    noAddresses: 'No addresses.',
    forgotPasswordNote: 'If an account exists for the entered username, an email will be sent.',
    emailSent: 'Email has been sent.',
    passwordChanged: 'Your password has been changed.',
    invalidLogin: 'Username or password is incorrect',
    unableToReset: 'Unable to reset password.',
    unableToConfirm: 'Unable to confirm email',
  },
  security: {
    saved: 'Security settings have been saved.',
  },
  validation: {
    invalidRequest: 'The request is invalid.',
    required: (label: string) => `${label} is required.`,
  },
  forms: {
    /** A select whose choices did not load (the spec gives no wording). */
    choicesFailed: (label: string) => `The choices of ${label} could not be loaded.`,
  },
} as const;
