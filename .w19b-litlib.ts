import ts from 'typescript';
/** Attributes whose value a person reads (or hears): a literal there is a hard-coded text. */
const TEXT_ATTRIBUTES = new Set(['label', 'title', 'aria-label', 'placeholder', 'hint', 'alt', 'validationMessage', 'aria-description', 'content']);

/** The bank's brand, written in Latin letters in every language (docs/arabic-glossary.md). */
const BRAND = new Set(['Quick Apply']);
const isWord = (text: string) => /[A-Za-z]{2,}/.test(text) && !BRAND.has(text.trim());

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

