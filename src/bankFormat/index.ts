/**
 * The bank exchange format (issue 18): the prospect ⇄ the bank's prospect document, driven by the versioned
 * mapping table of schemas/bank/mapping*.json. Pure: no I/O (the caller gives the content files). See
 * docs/bank-format.md.
 */
export { loadMapping, BUILT_IN_CONVERTERS, type BankMapping, type MappingRow } from './mapping';
export { toBank, fromBank, BANK_FORMAT, type BankDocument } from './convert';
export { bankSchemaOf, bankPaths, configPath, type Deviation, type FieldConfigEntry } from './bankSchema';
export { normalizePath } from './paths';
