/**
 * Default protocol keys for development and the offline sandbox. The client is built with
 * VITE_SIGN_KEY / VITE_ENCRYPT_KEY and the server reads SIGN_KEY / ENCRYPT_KEY; `npm start`
 * builds with the same values. These keys ship inside the client bundle, so they guard
 * against tampering and casual scraping, not against a determined user.
 */
export const DEFAULT_SIGN_KEY = 'beikao-dev-sign-key';
export const DEFAULT_ENCRYPT_KEY = 'beikao-dev-encrypt-key';
