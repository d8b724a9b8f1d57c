/**
 * Generated validator code without whole schemas where it reads parts of them (issue 16: a step's module was up to
 * 34 kB gzipped). ajv's standalone code declares a schema as a constant (`const schema41 = {...whole step...};`)
 * when its code reads a value of it that it does not inline: the project's keywords' rules
 * (`schema41.properties.poaCountry["x-list"]`, passed to the runtime's checks) and ajv-errors' messages
 * (`schema41.then.properties.x.errorMessage[key0]`). The constant then holds the whole step: titles, descriptions,
 * help texts, every rule (31 kB of the KYC annexure's 281 kB module). Here each such read is given a constant of
 * its own holding just the value read (`const schema41_0 = {"list":"country",...};`), and the schema's constant
 * goes when nothing reads it whole. The values are the same JSON, so the code does the same; only what the code
 * reads is kept. Runs on the generated code of every module (src/content/validatorCode.ts), server and browser.
 */
import { indexStandalone } from './stepModules';

/** A `const schemaN = <JSON>;` statement of ajv's standalone code. */
const SCHEMA_CONST = /^const (schema\d+) = ([\s\S]*);$/;
const SCHEMA_NAME = /\bschema\d+\b/g;
const IDENT = /^[A-Za-z_$][\w$]*/;

/** The static property path after a name at `at` (`.a.b["x-list"][0]`) and where it ends; stops at a computed part. */
function readPath(body: string, at: number): { path: string[]; ends: number[] } {
  const path: string[] = [];
  const ends: number[] = [];
  let i = at;
  for (;;) {
    if (body[i] === '.') {
      const m = IDENT.exec(body.slice(i + 1, i + 200));
      if (!m) break;
      i += 1 + m[0].length;
      path.push(m[0]);
    } else if (body[i] === '[' && body[i + 1] === '"') {
      let j = i + 2;
      while (j < body.length && body[j] !== '"') j += body[j] === '\\' ? 2 : 1;
      if (body[j + 1] !== ']') break;
      path.push(JSON.parse(body.slice(i + 1, j + 1)) as string);
      i = j + 2;
    } else if (body[i] === '[' && /\d/.test(body[i + 1] ?? '')) {
      const m = /^\[(\d+)\]/.exec(body.slice(i, i + 20));
      if (!m) break;
      path.push(m[1]!);
      i += m[0].length;
    } else break;
    ends.push(i);
  }
  return { path, ends };
}

export function slimSchemaConstants(body: string): string {
  const index = indexStandalone(body);
  const schemas = new Map<string, { statement: number; value: unknown }>();
  index.statements.forEach((s, i) => {
    const m = SCHEMA_CONST.exec(s.text);
    if (!m) return;
    try {
      schemas.set(m[1]!, { statement: i, value: JSON.parse(m[2]!) });
    } catch {
      // Not plain JSON (ajv wrote code): left as it is.
    }
  });
  if (schemas.size === 0) return body;

  // Each read of a schema constant in code (not in a string or a pattern): the longest path into its JSON.
  const reads: { from: number; to: number; name: string; path: string[] }[] = [];
  const wholeUse = new Set<string>();
  const declaredAt = new Map<string, number>();
  let range = 0;
  for (const m of body.matchAll(SCHEMA_NAME)) {
    const at = m.index;
    while (range < index.codeRanges.length && index.codeRanges[range]![1] <= at) range++;
    const inCode = range < index.codeRanges.length && index.codeRanges[range]![0] <= at;
    const schema = schemas.get(m[0]);
    if (!inCode || !schema) continue;
    if (body.startsWith(`const ${m[0]} = `, at - 6)) {
      declaredAt.set(m[0], at - 6);
      continue;
    }
    const { path, ends } = readPath(body, at + m[0].length);
    let value = schema.value;
    let depth = 0;
    for (const key of path) {
      if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) break;
      value = (value as Record<string, unknown>)[key];
      depth++;
    }
    if (depth === 0) wholeUse.add(m[0]);
    else reads.push({ from: at, to: ends[depth - 1]!, name: m[0], path: path.slice(0, depth) });
  }
  if (reads.length === 0) return body;

  // One constant per schema and path read, declared where the schema's constant was.
  const constants = new Map<string, string>();
  /** Each schema's new constants' declarations, in order (`schema41_0`, `schema41_1`...). */
  const declarations = new Map<string, string[]>();
  const nameOf = (name: string, path: string[]) => {
    const key = JSON.stringify([name, path]);
    let found = constants.get(key);
    if (found === undefined) {
      const value = path.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], schemas.get(name)!.value);
      const own = declarations.get(name) ?? [];
      declarations.set(name, own);
      found = `${name}_${own.length}`;
      own.push(`const ${found} = ${JSON.stringify(value)};`);
      constants.set(key, found);
    }
    return found;
  };
  const replaced: { from: number; to: number; text: string }[] = reads.map((r) => ({ from: r.from, to: r.to, text: nameOf(r.name, r.path) }));

  // The schemas' declarations: the new constants, and the whole schema only when something still reads it whole.
  for (const [name, own] of declarations) {
    const schema = schemas.get(name)!;
    const text = index.statements[schema.statement]!.text;
    const from = declaredAt.get(name);
    if (from === undefined || !body.startsWith(text, from)) throw new Error(`The declaration of ${name} is not in the generated code`);
    replaced.push({ from, to: from + text.length, text: [...(wholeUse.has(name) ? [text] : []), ...own].join('') });
  }
  replaced.sort((a, b) => a.from - b.from);
  let out = '';
  let at = 0;
  for (const r of replaced) {
    if (r.from < at) throw new Error('Overlapping replacements in generated validator code');
    out += body.slice(at, r.from) + r.text;
    at = r.to;
  }
  return out + body.slice(at);
}
