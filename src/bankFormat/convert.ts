import type { BankMapping, MappingRow } from './mapping';
import { findAll, isObj, leaves, setAt, setPointer, type Obj } from './paths';

/**
 * Prospect ⇄ the bank's prospect document, driven by the mapping table (mapping.ts). Pure: no I/O, inputs are
 * never changed.
 *
 * toBank: every row's prospect values are converted and written at the row's bank path; a value no row takes
 * (a field the bank's shape does not have, or a value a converter cannot express, such as null or "") is kept in
 * `extensions` under its JSON pointer, so fromBank(toBank(p)) is p again, value for value.
 */

export const BANK_FORMAT = 'bank';

export interface BankDocument {
  format: typeof BANK_FORMAT;
  /** The version of each mapping file that wrote it. */
  mappingVersions: Record<string, string>;
  /** The bank's prospect (schemas/bank/bankProspect.json). */
  prospect: Obj;
  /** Prospect values the bank's shape has no field for, by JSON pointer of the prospect. */
  extensions: Record<string, unknown>;
}

type Value = unknown;
/** A value converter: undefined means "cannot express this value" (toBank: it stays in extensions; fromBank: nothing is written). */
interface ValueConverter {
  toBank(value: Value): Value;
  fromBank(value: Value): Value;
}

const isLeaf = (v: Value) => v !== null && v !== '' && v !== undefined && typeof v !== 'object';
const nonEmptyStrings = (v: Value): v is string[] => Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === 'string' && s !== '');

const VALUE_CONVERTERS: Record<string, ValueConverter> = {
  /** The same value (strings, numbers, booleans). */
  copy: { toBank: (v) => (isLeaf(v) ? v : undefined), fromBank: (v) => (typeof v === 'object' ? undefined : v) },
  /** A number ↔ its decimal text (the bank keeps amounts as strings). */
  numberString: {
    toBank: (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined),
    fromBank: (v) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : typeof v === 'object' ? undefined : v),
  },
  /** A list of codes ↔ one comma-separated text. */
  commaList: {
    toBank: (v) => (nonEmptyStrings(v) && v.every((s) => !s.includes(',') && s.trim() === s) ? v.join(',') : undefined),
    fromBank: (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
  },
  /** A boolean ↔ the bank's flag codes Y / N (its `flag` list). */
  booleanFlag: {
    toBank: (v) => (v === true ? 'Y' : v === false ? 'N' : undefined),
    fromBank: (v) => (v === 'Y' ? true : v === 'N' ? false : typeof v === 'object' ? undefined : v),
  },
  /** applicationInfo.islamicBanking ↔ the bank's banking type of the account (001 §3: "banking type conventional or islamic"). */
  bankingType: {
    toBank: (v) => (v === true ? 'islamic' : v === false ? 'conventional' : undefined),
    fromBank: (v) => (v === 'islamic' ? true : v === 'conventional' ? false : typeof v === 'object' ? undefined : v),
  },
  /** One code ↔ a list of one (the bank allows several where the prospect asks for one). */
  singleToList: {
    toBank: (v) => (typeof v === 'string' && v !== '' ? [v] : undefined),
    fromBank: (v) => {
      if (!Array.isArray(v)) return v;
      const filled = v.filter((s) => s !== '');
      return filled.length === 0 ? undefined : filled.length === 1 ? filled[0] : filled;
    },
  },
};

function tableConverter(table: Record<string, string | number | boolean>): ValueConverter {
  const back = new Map(Object.entries(table).map(([ours, bank]) => [JSON.stringify(bank), ours]));
  return {
    toBank: (v) => (typeof v === 'string' && Object.prototype.hasOwnProperty.call(table, v) ? table[v] : undefined),
    // A value the table does not know is passed on as it is: the prospect's schema then names it.
    fromBank: (v) => (typeof v === 'object' ? undefined : (back.get(JSON.stringify(v)) ?? v)),
  };
}

const valueConverter = (mapping: BankMapping, row: MappingRow): ValueConverter | undefined => {
  const name = row.converter ?? 'copy';
  return VALUE_CONVERTERS[name] ?? (mapping.tables[name] ? tableConverter(mapping.tables[name]) : undefined);
};

/** A field of an object by a dotted relative path (`kycDetails.isSignatory`). */
const fieldOf = (item: Value, path: string): Value => path.split('.').reduce<Value>((node, key) => (isObj(node) ? node[key] : undefined), item);

/** A path with its `[*]` replaced by the given item indices, in order. */
const atIndices = (path: string, indices: readonly number[]) => {
  let k = 0;
  return path.replace(/\[\*\]/g, () => `[${indices[k++]}]`);
};

/** The prospect → the bank's document. */
export function toBank(prospect: Obj, mapping: BankMapping): BankDocument {
  const bank: Obj = {};
  const consumed = new Set<string>();
  const consume = (value: Value, pointer: string) => {
    for (const p of leaves(value, pointer).keys()) consumed.add(p);
  };
  for (const row of mapping.rows) {
    const converter = row.converter ?? 'copy';
    if (converter === 'parallelLists') {
      // Rows of objects → one object of parallel lists: [{industry: a, subCategory: x}, {industry: b}] → {industry: [a, b], subCategory: [x, ""]}.
      const fields = row.fields!;
      for (const m of findAll(prospect, row.ours)) {
        const items = m.value;
        const ok =
          Array.isArray(items) &&
          items.length > 0 &&
          items.every((item) => isObj(item) && fields.some((f) => item[f] !== undefined) && fields.every((f) => item[f] === undefined || (typeof item[f] === 'string' && item[f] !== '')));
        if (!ok) continue;
        const lists = Object.fromEntries(fields.map((f) => [f, (items as Obj[]).map((item) => (item[f] as string | undefined) ?? '')]));
        setAt(bank, row.bank, m.indices, lists);
        (items as Obj[]).forEach((item, k) => fields.forEach((f) => item[f] !== undefined && consumed.add(`${m.pointer}/${k}/${f}`)));
      }
    } else if (converter === 'perSignatory') {
      // One value of the company → the same value on every stakeholder for whom `where` is true.
      const [m] = findAll(prospect, row.ours);
      const signatories = Array.isArray(prospect.signatoryInfo) ? prospect.signatoryInfo : [];
      const targets = signatories.map((s, i) => (fieldOf(s, row.where!) === true ? i : -1)).filter((i) => i >= 0);
      if (!m || !isLeaf(m.value) || targets.length === 0) continue;
      for (const i of targets) setAt(bank, row.bank, [i], m.value);
      consumed.add(m.pointer);
    } else {
      const convert = valueConverter(mapping, row)!;
      for (const m of findAll(prospect, row.ours)) {
        const out = convert.toBank(m.value);
        if (out === undefined) continue;
        setAt(bank, row.bank, m.indices, out);
        // An alias writes a second copy: the main row's value (or its extension) carries it back.
        if (!row.alias) consume(m.value, m.pointer);
      }
    }
  }
  const extensions: Record<string, unknown> = {};
  for (const [pointer, value] of leaves(prospect)) if (pointer !== '' && !consumed.has(pointer)) extensions[pointer] = structuredClone(value);
  return { format: BANK_FORMAT, mappingVersions: { ...mapping.versions }, prospect: bank, extensions };
}

/** The bank's document → a prospect (the extensions put back last, so they win). */
export function fromBank(document: Pick<BankDocument, 'prospect'> & { extensions?: Record<string, unknown> }, mapping: BankMapping): Obj {
  const bank = document.prospect;
  const prospect: Obj = {};
  const empty = (v: Value) => v === '' || v === null || v === undefined;
  // Main rows first, then the aliases, which fill only what the main rows left empty.
  for (const row of [...mapping.rows.filter((r) => !r.alias), ...mapping.rows.filter((r) => r.alias)]) {
    const converter = row.converter ?? 'copy';
    if (converter === 'parallelLists') {
      for (const m of findAll(bank, row.bank)) {
        if (!isObj(m.value)) continue;
        const lists = m.value;
        const length = Math.max(0, ...row.fields!.map((f) => (Array.isArray(lists[f]) ? (lists[f] as unknown[]).length : 0)));
        const items: Obj[] = [];
        for (let k = 0; k < length; k++) {
          const item: Obj = {};
          for (const f of row.fields!) {
            const v = Array.isArray(lists[f]) ? (lists[f] as unknown[])[k] : undefined;
            if (!empty(v)) item[f] = v;
          }
          if (Object.keys(item).length) items.push(item);
        }
        if (items.length) setAt(prospect, row.ours, m.indices, items);
      }
    } else if (converter === 'perSignatory') {
      // The company's value: the first signatory's (the bank repeats it on each).
      const found = findAll(bank, row.bank).find((m) => !empty(m.value) && typeof m.value !== 'object');
      if (found) setAt(prospect, row.ours, [], found.value);
    } else {
      const convert = valueConverter(mapping, row)!;
      for (const m of findAll(bank, row.bank)) {
        if (empty(m.value)) continue;
        const v = convert.fromBank(m.value);
        if (v === undefined) continue;
        if (row.alias && findAll(prospect, atIndices(row.ours, m.indices)).length > 0) continue;
        setAt(prospect, row.ours, m.indices, v);
      }
    }
  }
  for (const [pointer, value] of Object.entries(document.extensions ?? {})) setPointer(prospect, pointer, value);
  return prospect;
}
