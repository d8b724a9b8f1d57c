import { isObj, parsePath, wildcards } from './paths';

/**
 * The mapping table between the prospect and the bank's prospect document (schemas/bank/mapping*.json; format in
 * docs/bank-format.md). Pure: the files are given, never read here.
 */

/** Converters written in code; every other converter name is a code table of the mapping files (`tables`). */
export const BUILT_IN_CONVERTERS = ['copy', 'numberString', 'commaList', 'singleToList', 'booleanFlag', 'bankingType', 'parallelLists', 'perSignatory'] as const;
export type BuiltInConverter = (typeof BUILT_IN_CONVERTERS)[number];

export interface MappingRow {
  /** The bank's path under its `prospect` (as in its field configuration, without `prospect.`). */
  bank: string;
  /** The prospect's path. */
  ours: string;
  /** A built-in converter or the name of a code table; `copy` when left out. */
  converter?: string;
  /** parallelLists: the fields of each prospect item that become the bank's parallel lists. */
  fields?: string[];
  /** perSignatory: the stakeholder field (relative to a `signatoryInfo` item) that must be true to receive the value. */
  where?: string;
  /**
   * A second bank name of a prospect value another row maps (the template's older names, the bank's search keys):
   * toBank writes the value there too; fromBank takes it only where the main row left the prospect value empty
   * (a document the bank wrote with only this name).
   */
  alias?: boolean;
  /** Why, in words, for the reader (a JSON comment: no code reads it). */
  $comment?: string;
}

export interface BankMapping {
  /** The version of each mapping file, by file name: written into every export. */
  versions: Record<string, string>;
  rows: MappingRow[];
  /** Code tables, each one-to-one: our code → the bank's value. */
  tables: Record<string, Record<string, string | number | boolean>>;
}

const FILE = /^bank\/(mapping[^/]*\.json)$/;
/** The keys a row may have: any other (a misspelt "convertor") is refused rather than ignored. */
const ROW_KEYS = new Set(['bank', 'ours', 'converter', 'fields', 'where', 'alias', '$comment']);

/**
 * The mapping of every `bank/mapping*.json` of the content files (keys relative to schemas/, as readContentDir
 * gives them), in file-name order; throws on a malformed file, a duplicate path, an unknown converter or a code
 * table that is not one-to-one.
 */
export function loadMapping(files: Record<string, unknown>): BankMapping {
  const mapping: BankMapping = { versions: {}, rows: [], tables: {} };
  const names = Object.keys(files)
    .filter((k) => FILE.test(k))
    .sort();
  for (const key of names) {
    const name = FILE.exec(key)![1]!;
    const file = files[key];
    if (!isObj(file) || typeof file.version !== 'string' || !Array.isArray(file.rows)) {
      throw new Error(`schemas/${key}: needs "version" (a string) and "rows" (a list)`);
    }
    mapping.versions[name] = file.version;
    for (const [table, codes] of Object.entries(isObj(file.tables) ? file.tables : {})) {
      if (mapping.tables[table] || (BUILT_IN_CONVERTERS as readonly string[]).includes(table)) throw new Error(`schemas/${key}: table ${table} is defined twice`);
      if (!isObj(codes)) throw new Error(`schemas/${key}: table ${table} must be an object`);
      const values = Object.values(codes).map((v) => JSON.stringify(v));
      if (new Set(values).size !== values.length) throw new Error(`schemas/${key}: table ${table} is not one-to-one`);
      mapping.tables[table] = codes as Record<string, string | number | boolean>;
    }
    for (const row of file.rows as MappingRow[]) {
      if (!isObj(row) || typeof row.bank !== 'string' || typeof row.ours !== 'string') throw new Error(`schemas/${key}: a row needs "bank" and "ours"`);
      const unknown = Object.keys(row).find((k) => !ROW_KEYS.has(k));
      if (unknown) throw new Error(`schemas/${key}: ${row.bank}: unknown key "${unknown}"`);
      mapping.rows.push(row);
    }
  }
  const seenBank: string[] = [];
  const seenOurs = new Set<string>();
  for (const row of mapping.rows) {
    const converter = row.converter ?? 'copy';
    if (!(BUILT_IN_CONVERTERS as readonly string[]).includes(converter) && !mapping.tables[converter]) {
      throw new Error(`bank mapping: ${row.bank}: unknown converter ${converter}`);
    }
    if (seenBank.some((other) => overlaps(other, row.bank))) throw new Error(`bank mapping: ${row.bank} is mapped twice`);
    if (row.alias !== undefined && row.alias !== true) throw new Error(`bank mapping: ${row.bank}: "alias" is true or left out`);
    if (row.alias && (converter === 'perSignatory' || converter === 'parallelLists')) throw new Error(`bank mapping: ${row.bank}: an alias row copies one value (no ${converter})`);
    if (!row.alias && seenOurs.has(row.ours)) throw new Error(`bank mapping: ${row.ours} is mapped twice`);
    seenBank.push(row.bank);
    if (!row.alias) seenOurs.add(row.ours);
    if (converter === 'perSignatory') {
      if (!row.bank.startsWith('signatoryInfo[*].') || wildcards(row.bank) !== 1 || wildcards(row.ours) !== 0 || !row.where) {
        throw new Error(`bank mapping: ${row.bank}: perSignatory maps one prospect value to signatoryInfo[*] and needs "where"`);
      }
    } else if (wildcards(row.bank) !== wildcards(row.ours)) {
      throw new Error(`bank mapping: ${row.bank} and ${row.ours} must have as many [*]`);
    }
    if (converter === 'parallelLists' && !(Array.isArray(row.fields) && row.fields.length > 0)) {
      throw new Error(`bank mapping: ${row.bank}: parallelLists needs "fields"`);
    }
  }
  const alone = mapping.rows.find((row) => row.alias && !seenOurs.has(row.ours));
  if (alone) throw new Error(`bank mapping: ${alone.bank}: alias of ${alone.ours}, which no other row maps`);
  return mapping;
}

/**
 * Whether two bank paths can reach the same value: the same fields, and at each list either the same item or
 * `[*]` (every item). `addressInfo[0].x` and `addressInfo[1].x` are two items of one list (the company's office
 * and registered addresses); `addressInfo[*].x` and `addressInfo[1].x` overlap.
 */
function overlaps(a: string, b: string): boolean {
  const x = parsePath(a);
  const y = parsePath(b);
  return x.length === y.length && x.every((s, i) => s === y[i] || (s === '*' && typeof y[i] === 'number') || (y[i] === '*' && typeof s === 'number'));
}
