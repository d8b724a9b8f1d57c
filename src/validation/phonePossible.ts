/**
 * The one libphonenumber function the browser's x-phone rule needs (phoneBrowser.ts loads this module with the
 * metadata of a dialling code other than the UAE's): imported on its own so that the chunk holds it and what it
 * calls, not every export of libphonenumber-js/core (a dynamic import of the package would keep them all).
 */
export { isPossiblePhoneNumber } from 'libphonenumber-js/core';
