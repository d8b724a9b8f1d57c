import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const APP = join(ROOT, 'src', 'app');
/** The form widgets (rendered in the app's pages, in its language): their own words come from WidgetTexts. */
const WIDGETS = join(ROOT, 'widgets');

/** Attributes whose value a person reads (or hears): a literal there is a hard-coded text. */
const TEXT_ATTRIBUTES = new Set(['label', 'title', 'aria-label', 'placeholder', 'hint', 'alt', 'validationMessage', 'aria-description', 'content']);

/** The bank's brand, written in Latin letters in every language (docs/arabic-glossary.md). */
const BRAND = new Set(['Quick Apply', 'RAKislamic']);
/** Props whose value is a text a person reads: a literal default of one is a hard-coded text. */
const TEXT_PROP = /(title|label|text|message|heading|caption|hint|placeholder)$/i;
/** Not words: the date fields' format mask (dates are typed with Western digits in every language). */
const NOT_WORDS = new Set(['dd/mm/yyyy']);
const isWord = (text: string) => /[A-Za-z]{2,}/.test(text) && !BRAND.has(text.trim()) && !NOT_WORDS.has(text.trim());

/**
 * Pages and components whose own texts are not through react-intl yet: issue 19's remaining work, each to leave
 * this list once its words are in src/app/i18n/en.ts and ar.ts. The test fails when a listed file has no literal
 * left (take it off) and when any other file has one, so the list only shrinks.
 */
const NOT_YET_TRANSLATED = new Set<string>([]);

function tsxFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) tsxFiles(path, out);
    else if (name.endsWith('.tsx')) out.push(path);
  }
  return out;
}

/** The hard-coded texts of a component file: JSX text and literal text attributes, with their line. */
export function literalTexts(source: string, fileName = 'file.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  /** The file's constants (`const TITLE = '...'`, at any level): a text put in a constant first is still a literal. */
  const constants = new Map<string, ts.Expression[]>();
  const collect = (node: ts.Node) => {
    if (ts.isVariableDeclarationList(node) && node.flags & ts.NodeFlags.Const) {
      for (const d of node.declarations) if (ts.isIdentifier(d.name) && d.initializer) constants.set(d.name.text, [...(constants.get(d.name.text) ?? []), d.initializer]);
    }
    ts.forEachChild(node, collect);
  };
  collect(file);
  const following = new Set<string>();
  /** The literal texts an expression can give: a string, either branch of a condition, a template's fixed parts, a constant's value. */
  const texts = (e: ts.Expression | undefined): string[] => {
    if (!e) return [];
    if (ts.isIdentifier(e) && constants.has(e.text) && !following.has(e.text)) {
      following.add(e.text);
      const found = constants.get(e.text)!.flatMap((init) => texts(init));
      following.delete(e.text);
      return found;
    }
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
    if (ts.isTemplateExpression(e)) return [[e.head.text, ...e.templateSpans.map((span) => span.literal.text)].join('')];
    if (ts.isParenthesizedExpression(e)) return texts(e.expression);
    if (ts.isConditionalExpression(e)) return [...texts(e.whenTrue), ...texts(e.whenFalse)];
    if (ts.isBinaryExpression(e) && [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(e.operatorToken.kind)) return [...texts(e.left), ...texts(e.right)];
    return [];
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isWord(node.text)) found.push(`${at(node)}: ${node.text.trim()}`);
    if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const text of texts(node.expression)) if (isWord(text)) found.push(`${at(node)}: {${text.trim()}}`);
    }
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const init = node.initializer;
      const values = ts.isStringLiteral(init) ? [init.text] : ts.isJsxExpression(init) ? texts(init.expression) : [];
      for (const text of values) if (isWord(text)) found.push(`${at(node)}: ${node.name.getText(file)}="${text}"`);
    }
    // A default of a text prop (`{ panelTitle = 'Opening an account…' }`): shown whenever the caller gives none.
    if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent) && node.initializer && TEXT_PROP.test((node.propertyName ?? node.name).getText(file))) {
      for (const text of texts(node.initializer)) if (isWord(text)) found.push(`${at(node)}: ${(node.propertyName ?? node.name).getText(file)} = "${text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("the app's and the widgets' texts go through react-intl (or WidgetTexts)", () => {
  const files = [...tsxFiles(APP), ...tsxFiles(WIDGETS)].map((path) => ({ name: relative(path.startsWith(WIDGETS) ? ROOT : APP, path).replaceAll('\\', '/'), source: readFileSync(path, 'utf8') }));

  it('finds a hard-coded text (JSX text, a literal label) and not one given by t()', () => {
    expect(literalTexts('const A = () => <Button aria-label="Close the banner">Continue</Button>;')).toEqual(['1: aria-label="Close the banner"', '1: Continue']);
    expect(literalTexts('const A = () => <Button aria-label={t("shell.closeBanner")}>{t("common.continue")}</Button>;')).toEqual([]);
    expect(literalTexts('const A = () => <Field label={`Option ${i}`} hint={"Up to 30 characters"} />;')).toEqual(['1: label="Option "', '1: hint="Up to 30 characters"']);
    expect(literalTexts("const A = () => <p>{busy ? 'Saving…' : t('common.ok')}{n > 1 && `${n} files`}</p>;")).toEqual(['1: {Saving…}', '1: {files}']);
    // Through a constant, a computed value, or a prop's default (the Upload Documents panel title, the package card's cost).
    expect(literalTexts("const TITLE = 'Opening an account';\nconst A = () => <Shell title={TITLE} />;")).toEqual(['2: title="Opening an account"']);
    expect(literalTexts("const A = ({ p }) => { const cost = p.included ? (p.label ?? 'Included') : `AED ${p.cost} per month`; return <b>{cost}</b>; };")).toEqual(['1: {Included}', '1: {AED  per month}']);
    expect(literalTexts("function S({ view, panelTitle = 'Opening an account' }) { return <Shell title={panelTitle} />; }")).toEqual(['1: panelTitle = "Opening an account"']);
    expect(literalTexts("function S({ view, panelTitle = t('panel.startPages'), appearance = 'primary' }) { return null; }")).toEqual([]);
  });

  it('has no hard-coded user-facing English in any page or component outside the list still to translate', () => {
    const offending = files.filter((f) => !NOT_YET_TRANSLATED.has(f.name)).flatMap((f) => literalTexts(f.source, f.name).map((t) => `${f.name}:${t}`));
    expect(offending).toEqual([]);
  });

  it('lists only files that still have hard-coded texts (a translated file leaves the list)', () => {
    const names = new Set(files.map((f) => f.name));
    const done = [...NOT_YET_TRANSLATED].filter((name) => !names.has(name) || literalTexts(files.find((f) => f.name === name)!.source).length === 0);
    expect(done).toEqual([]);
  });
});
