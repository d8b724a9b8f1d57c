/** Written by `npm run gen:phone-metadata` (scripts/lib/phoneMetadata.ts): a hash of phoneMetadata.json, in the address of its subsets. */
export const PHONE_METADATA_VERSION = 'b14d926e7af32341';
