/**
 * English words written into the widgets' code instead of coming from the content (schemas/ and its catalogues) or
 * from the widgets' own words (widgets/lib/WidgetTexts.ts, a widget's per-language WORDS): such text stays English
 * on an Arabic page while every catalogue is complete ("Charge: 250 درهمًا" on the Express Service offer).
 * Found in the source with TypeScript's parser: template literals whose fixed parts hold a word, JSX text, and
 * string literals given to a text attribute (aria-label, title, placeholder, alt) or rendered as a child. Not
 * counted: English catalogues by design (a declaration named ENGLISH, EN, WORDS or *_TEXTS, a property `en`),
 * styles (makeStyles), comments.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

export interface HardCodedText {
  /** file:line, relative to the folder scanned from. */
  where: string;
  text: string;
}

/** A word of prose: three letters or more, lower case after the first (not an identifier like WithFieldLogic). */
const WORD = /(^|[^A-Za-z0-9_$-])[A-Za-z][a-z]{2,}(?![A-Za-z0-9_$-])/;
const CATALOGUE_NAME = /^(ENGLISH|EN|WORDS|[A-Z][A-Z_]*_TEXTS)$/;
const TEXT_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label']);

function exempt(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && CATALOGUE_NAME.test(n.name.text)) return true;
    if (ts.isPropertyAssignment(n) && ts.isIdentifier(n.name) && n.name.text === 'en') return true;
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'makeStyles') return true;
    // A component's name for React's tools, a class name, a key or an id: not shown.
    if (ts.isBinaryExpression(n) && ts.isPropertyAccessExpression(n.left) && n.left.name.text === 'displayName') return true;
    if (ts.isJsxAttribute(n) && ts.isIdentifier(n.name) && !TEXT_ATTRIBUTES.has(n.name.text)) return true;
  }
  return false;
}

/** The hard-coded English texts of one source file. */
export function hardCodedTexts(fileName: string, source: string): HardCodedText[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: HardCodedText[] = [];
  const report = (node: ts.Node, text: string) => {
    if (!WORD.test(text) || exempt(node)) return;
    out.push({ where: `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`, text: text.trim() });
  };
  const visit = (node: ts.Node) => {
    if (ts.isTemplateExpression(node)) {
      const fixed = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
      // Inside a JSX text attribute, a child or any other expression: the words around the values are shown as written.
      report(node, fixed);
    } else if (ts.isNoSubstitutionTemplateLiteral(node) && (ts.isJsxExpression(node.parent) || ts.isJsxAttribute(node.parent))) {
      report(node, node.text);
    } else if (ts.isJsxText(node)) {
      report(node, node.text);
    } else if (ts.isStringLiteral(node) && (ts.isJsxAttribute(node.parent) || (ts.isJsxExpression(node.parent) && ts.isJsxElement(node.parent.parent)))) {
      report(node, node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** Every .ts/.tsx file under `dir` (tests and type declarations aside), scanned. */
export function hardCodedTextsIn(dir: string, from = dir): HardCodedText[] {
  const out: HardCodedText[] = [];
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !/\.tsx?$/.test(e.name) || e.name.endsWith('.d.ts') || e.name.includes('.test.')) continue;
    const full = join(e.parentPath, e.name);
    out.push(...hardCodedTexts(relative(from, full).split(sep).join('/'), readFileSync(full, 'utf8')));
  }
  return out;
}
