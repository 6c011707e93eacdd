/**
 * react-admin's pages the app shows only on a rare path, loaded when one is first shown (src/layout/AppAdmin.tsx):
 * the sign-in callback page (for an auth provider that signs in elsewhere; Dossier's does not) and the page of a
 * session check that failed for another reason than the session. Their code (an error card with a button that
 * shows a tooltip on phones) is not needed for the first screen.
 */
export { AuthCallback, AuthenticationError } from 'react-admin';
