import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const APP = join(ROOT, 'src', 'app');

/** Attributes whose value a person reads (or hears): a literal there is a hard-coded text. */
const TEXT_ATTRIBUTES = new Set(['label', 'title', 'aria-label', 'placeholder', 'hint', 'alt', 'validationMessage', 'aria-description', 'content']);

/** The bank's brand, written in Latin letters in every language (docs/arabic-glossary.md). */
const BRAND = new Set(['Quick Apply']);
const isWord = (text: string) => /[A-Za-z]{2,}/.test(text) && !BRAND.has(text.trim());

/**
 * Pages and components whose own texts are not through react-intl yet: issue 19's remaining work, each to leave
 * this list once its words are in src/app/i18n/en.ts and ar.ts. The test fails when a listed file has no literal
 * left (take it off) and when any other file has one, so the list only shrinks.
 */
const NOT_YET_TRANSLATED = new Set([
  'components/ErrorBoundary.tsx',
  'features/journey/guards.tsx',
  'features/agent/AgentDecisions.tsx',
  'features/agent/AgentLayout.tsx',
  'features/agent/AgentLoginPage.tsx',
  'features/agent/AgentServicesPage.tsx',
  'features/agent/InviteCustomerPage.tsx',
  'features/agent/ScreeningSection.tsx',
  'features/agent/SearchProspectPage.tsx',
  'features/agent/SearchedAppInfoPage.tsx',
  'features/agent/UnsavedChangesGuard.tsx',
  'features/documents/DocumentsPanel.tsx',
  'features/stakeholders/StakeholderCard.tsx',
  'features/stakeholders/StakeholderWizard.tsx',
  'features/stakeholders/StakeholdersPage.tsx',
  'features/studio/ConfirmDialog.tsx',
  'features/studio/DraftPage.tsx',
  'features/studio/DraftsPage.tsx',
  'features/studio/EditorPage.tsx',
  'features/studio/FieldForm.tsx',
  'features/studio/FixtureResults.tsx',
  'features/studio/ListEditor.tsx',
  'features/studio/LogicEditor.tsx',
  'features/studio/PreviewPane.tsx',
  'features/studio/StepPickerPage.tsx',
  'features/studio/StudioLayout.tsx',
  'features/studio/StudioLoginPage.tsx',
  'features/studio/TestsPanel.tsx',
  'features/studio/VersionsPage.tsx',
  'features/studio/translations.tsx',
  'features/summary/SummaryView.tsx',
]);

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
  /** The literal texts an expression can give: a string, either branch of a condition, a template's fixed parts. */
  const texts = (e: ts.Expression | undefined): string[] => {
    if (!e) return [];
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
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("the app's texts go through react-intl", () => {
  const files = tsxFiles(APP).map((path) => ({ name: relative(APP, path).replaceAll('\\', '/'), source: readFileSync(path, 'utf8') }));

  it('finds a hard-coded text (JSX text, a literal label) and not one given by t()', () => {
    expect(literalTexts('const A = () => <Button aria-label="Close the banner">Continue</Button>;')).toEqual(['1: aria-label="Close the banner"', '1: Continue']);
    expect(literalTexts('const A = () => <Button aria-label={t("shell.closeBanner")}>{t("common.continue")}</Button>;')).toEqual([]);
    expect(literalTexts('const A = () => <Field label={`Option ${i}`} hint={"Up to 30 characters"} />;')).toEqual(['1: label="Option "', '1: hint="Up to 30 characters"']);
    expect(literalTexts("const A = () => <p>{busy ? 'Saving…' : t('common.ok')}{n > 1 && `${n} files`}</p>;")).toEqual(['1: {Saving…}', '1: {files}']);
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
