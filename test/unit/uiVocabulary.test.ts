import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContent } from '../../src/content/buildContent';
import { readContentDir } from '../../src/content/readContentDir';
import { checkLogic, unknownUiKeys } from '../../src/validation/logic';

/** Every UI schema of schemas/ uses only the declared vocabulary, and its form logic names real fields. */
const dir = join(import.meta.dirname, '..', '..', 'schemas', 'steps');
const uiFiles = readdirSync(dir).filter((f) => f.endsWith('.ui.json'));
const content = buildContent(await readContentDir());

describe('UI schema vocabulary', () => {
  it('finds the UI schemas', () => expect(uiFiles.length).toBeGreaterThan(20));

  it.each(uiFiles)('%s has no key outside the vocabulary', (file) => {
    expect(unknownUiKeys(JSON.parse(readFileSync(join(dir, file), 'utf8')))).toEqual([]);
  });

  it('the form logic of schemas/ is well formed and refers to existing fields', () => {
    expect(checkLogic(content)).toEqual([]);
  });

  it('reports an unknown key, a malformed expression and a reference to a missing field', () => {
    const step = content.steps.ssSigningPreferences!;
    const uiSchema = structuredClone(step.uiSchema) as Record<string, Record<string, Record<string, unknown>>>;
    uiSchema.applicantInfo!.roCode = { 'ui:options': { disabledWhen: true }, 'ui:logic': { disabledWhen: { filled: { var: '/kycAnnexure/noSuchField' } } } };
    uiSchema.applicantInfo!.allianceCode = { 'ui:logic': { visibleWhen: { eval: 'x' } } };
    uiSchema.applicantInfo!.other = { 'ui:logic': { clear: { onChange: ['nowhere'] }, bogus: 1 } };
    const problems = checkLogic({ ...content, steps: { ...content.steps, ssSigningPreferences: { ...step, uiSchema } } }, ['ssSigningPreferences']);
    const messages = problems.map((p) => `${p.pointer}: ${p.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/applicantInfo\/roCode\/ui:options\/disabledWhen: Unknown UI schema key "disabledWhen"/),
        expect.stringMatching(/roCode\/ui:logic\/disabledWhen: "\/kycAnnexure\/noSuchField" is not a field of any step/),
        expect.stringMatching(/allianceCode\/ui:logic\/visibleWhen: Malformed expression: .*unknown operator "eval"/),
        expect.stringMatching(/other\/ui:logic: ui:logic must NOT have additional properties/),
      ]),
    );
  });

  it('reports logic on a field that does not exist', () => {
    const step = content.steps.ssChannels!;
    const uiSchema = { ...(step.uiSchema as object), ghost: { 'ui:logic': { visibleWhen: true } } };
    const problems = checkLogic({ ...content, steps: { ...content.steps, ssChannels: { ...step, uiSchema } } }, ['ssChannels']);
    expect(problems).toEqual([{ path: 'steps/ssChannels.ui.json', pointer: '/ghost/ui:logic', message: 'ui:logic on "ghost", which is not a field of any step' }]);
  });
});
