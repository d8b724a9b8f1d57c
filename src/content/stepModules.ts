/**
 * The browser's validator modules per step (issue 16: a form step downloads at most 300 kB in all): cut from a
 * role's ajv standalone code (src/content/validatorCode.ts), keeping the exports of one step (its `$id` and the
 * sub-schemas RJSF checks in it) and the top-level functions and constants they use, each once. The code is the
 * role's own, statement for statement: nothing is generated again, so the server needs no ajv to serve a step's
 * module and its rules are those of the role's module.
 *
 * ajv's standalone code is a sequence of top-level statements: `"use strict";`, `exports["<key>"] = validateN;`,
 * `const <name> = <value>;` (schemas, patterns, formats, runtime functions) and `function validateN(...){...}`.
 * The scanner below knows JavaScript's strings, template literals, comments and regular expression literals well enough to
 * find those statements and the names each refers to; it is tested on the code of the content of schemas/.
 */

interface Statement {
  text: string;
  /** The name it declares (`const x =`, `function x(`), if any. */
  declares?: string;
  /** The export key, for `exports[...] = ...;`. */
  exportKey?: string;
  /** Identifiers it uses outside strings and regular expressions. */
  uses: Set<string>;
}

/** A role's standalone code cut into its top-level statements (done once per role and version). */
export interface StandaloneIndex {
  statements: Statement[];
  /** Index of the statement that declares each name. */
  declared: Map<string, number>;
  /** The parts of the body that are code (not strings, regular expressions or comments), in order, [start, end). */
  codeRanges: [number, number][];
}

const IDENT = /[A-Za-z_$][\w$]*/g;
/** [A-Za-z0-9_$] */
const isWordChar = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
/** A `/` after one of these (or at a statement's start) begins a regular expression, otherwise it divides. */
const REGEX_AFTER = new Set(['(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '<', '>', '~', '^', '']);

export function indexStandalone(body: string): StandaloneIndex {
  const statements: Statement[] = [];
  const declared = new Map<string, number>();
  const codeRanges: [number, number][] = [];
  let start = 0;
  let depth = 0;
  /** Code outside strings and regular expressions, of the current statement. */
  let code = '';
  let codeFrom = 0;
  let last = ''; // previous significant character outside strings
  const templateDepths: number[] = []; // brace depth at each `${` of an open template literal

  const flushCode = (to: number) => {
    code += body.slice(codeFrom, to);
    if (to > codeFrom) codeRanges.push([codeFrom, to]);
  };
  const endStatement = (end: number) => {
    flushCode(end);
    const text = body.slice(start, end).trim();
    if (text) {
      const statement: Statement = { text, uses: new Set(code.match(IDENT) ?? []) };
      const decl = /^(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=|^function\s+([A-Za-z_$][\w$]*)\s*\(/.exec(text);
      if (decl) statement.declares = decl[1] ?? decl[2];
      const exp = /^exports(?:\[("(?:[^"\\]|\\.)*")\]|\.([A-Za-z_$][\w$]*))\s*=/.exec(text);
      if (exp) statement.exportKey = exp[1] !== undefined ? (JSON.parse(exp[1]) as string) : exp[2];
      if (statement.declares) {
        statement.uses.delete(statement.declares);
        declared.set(statement.declares, statements.length);
      }
      statements.push(statement);
    }
    start = end;
    codeFrom = end;
    code = '';
    last = '';
  };
  /** Skips a string or template body from `i` (just after its opening quote); returns the index after it. */
  const skipQuoted = (i: number, quote: string): number => {
    const q = quote.charCodeAt(0);
    for (; i < body.length; i++) {
      const c = body.charCodeAt(i);
      if (c === 92 /* \\ */) i++;
      else if (c === q) return i + 1;
      else if (q === 96 /* ` */ && c === 36 /* $ */ && body[i + 1] === '{') return -(i + 2); // a substitution opens
    }
    throw new Error('Unterminated string in generated validator code');
  };

  /** Reads a string or a template's text from its quote at `i` (or a substitution's closing brace); the index after it. */
  const quoted = (i: number, quote: string): number => {
    flushCode(i);
    let after = skipQuoted(i + 1, quote);
    if (after < 0) {
      templateDepths.push(depth);
      depth++;
      after = -after;
    }
    codeFrom = after;
    last = 'x';
    return after;
  };

  for (let i = 0; i < body.length; ) {
    const c = body[i]!;
    if (c === '"' || c === "'" || c === '`') {
      i = quoted(i, c);
      continue;
    }
    if (c === '/' && REGEX_AFTER.has(last) && body[i + 1] !== '/' && body[i + 1] !== '*') {
      flushCode(i);
      let j = i + 1;
      for (let inClass = false; j < body.length; j++) {
        const r = body[j];
        if (r === '\\') j++;
        else if (r === '[') inClass = true;
        else if (r === ']') inClass = false;
        else if (r === '/' && !inClass) break;
      }
      j++;
      while (j < body.length && /[a-z]/.test(body[j]!)) j++;
      i = j;
      codeFrom = i;
      last = 'x';
      continue;
    }
    if (c === '/' && (body[i + 1] === '/' || body[i + 1] === '*')) {
      // ajv's `/*# sourceURL=... */` at the start of each function: kept in the text, not read for names.
      flushCode(i);
      const end = body[i + 1] === '*' ? body.indexOf('*/', i + 2) + 2 : body.indexOf('\n', i + 2) + 1;
      i = end > i + 1 ? end : body.length;
      codeFrom = i;
      continue;
    }
    if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === '}') {
      depth--;
      if (templateDepths.length && templateDepths[templateDepths.length - 1] === depth) {
        // The end of a template literal's substitution: the template goes on.
        templateDepths.pop();
        i = quoted(i, '`');
        continue;
      }
      if (depth === 0 && /^\s*function\b/.test(body.slice(start, start + 20))) {
        endStatement(i + 1);
        i++;
        continue;
      }
    } else if (c === ';' && depth === 0) {
      endStatement(i + 1);
      i++;
      continue;
    }
    if (c !== ' ' && c !== '\n' && c !== '\t' && c !== '\r') last = isWordChar(body.charCodeAt(i)) ? 'x' : c;
    i++;
  }
  endStatement(body.length);
  if (depth !== 0) throw new Error('Unbalanced generated validator code');
  return { statements, declared, codeRanges };
}

/**
 * The code of the exports whose keys `keep` accepts, with every top-level statement they need (once each), in the
 * order of the role's code. Statements that declare nothing and export nothing (`"use strict";`) are kept.
 */
export function pickExports(index: StandaloneIndex, keep: (key: string) => boolean): string {
  const needed = new Set<number>();
  const queue: number[] = [];
  index.statements.forEach((s, i) => {
    if (s.exportKey !== undefined ? keep(s.exportKey) : !s.declares && ![...s.uses].some((u) => index.declared.has(u))) {
      needed.add(i);
      queue.push(i);
    }
  });
  while (queue.length) {
    for (const name of index.statements[queue.pop()!]!.uses) {
      const at = index.declared.get(name);
      if (at !== undefined && !needed.has(at)) {
        needed.add(at);
        queue.push(at);
      }
    }
  }
  // Statements on a kept name that declare nothing (`validate10.evaluated = ...;`) go with it.
  index.statements.forEach((s, i) => {
    if (!needed.has(i) && s.exportKey === undefined && !s.declares && [...s.uses].some((u) => needed.has(index.declared.get(u) ?? -1))) needed.add(i);
  });
  return index.statements
    .filter((_, i) => needed.has(i))
    .map((s) => s.text)
    .join('');
}

/** The export keys of a module covering these roots: each root and the sub-schemas of it (`subSchemaKey`). */
export function keysOfRoots(roots: string[]): (key: string) => boolean {
  const set = new Set(roots);
  return (key) => set.has(key) || (key.startsWith('isValid:') && set.has(key.slice(key.lastIndexOf('@') + 1)));
}
