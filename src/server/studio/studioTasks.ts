/**
 * The studio's CPU work, run in its worker thread (studioWorker.ts) so that compiling a draft (seconds: building
 * the content, compiling every schema, generating the standalone code of the server and both roles) never blocks
 * the event loop that serves every other request. Each task takes plain data (structured-clone safe) and answers
 * plain data: the main thread reads the database and the request, the worker computes.
 */
import { buildContent } from '../../content/buildContent';
import { compileContent } from '../../content/compiledContent';
import { contentHash } from '../../content/contentHash';
import type { ContentFiles } from '../../content/contentTypes';
import { ContentValidator, type ValidatorCodeKind } from '../../content/contentValidator';
import type { Fixture } from '../../content/fixtures';
import { localizeFiles } from '../../content/i18n/catalogue';
import { DEFAULT_LOCALE, LOCALES } from '../../content/i18n/locales';
import { type ValidatorCodeCache, validatorCodeCache } from '../../content/validatorCode';
import { lintContentFile, type Diagnostic } from '../../app/features/studio/schemaLint';
import type { SampledProspect } from './breaking';
import { checkDraft, type DraftCheck } from './checkDraft';
import { gateCheck, type GateReport } from './draftGate';
import { type FixtureReport, runFixtures } from './fixtureRuns';

/** A published version as the worker needs it: its files, and the server's generated code when the caller has it. */
export interface BaseVersion {
  files: ContentFiles;
  /** `ContentValidator.serverCode()` of these files (spares generating it; the worker keeps it compiled by content hash). */
  serverCode?: string;
}

export interface GateTask {
  kind: 'gate';
  baseVersion: number;
  base: BaseVersion;
  changes: Record<string, unknown>;
  sample: number;
  rows: SampledProspect[];
  fixturesDir: string;
  step?: string;
  /** Answer the draft's generated code too (a publication stores it beside the new version). */
  withCode?: boolean;
}

/** Only what blocks a publication (checkDraft's problems): an approval's check, without fixtures or saved applications. */
export interface ProblemsTask {
  kind: 'problems';
  base: BaseVersion;
  changes: Record<string, unknown>;
}

export interface FixturesTask {
  kind: 'fixtures';
  base: BaseVersion;
  /** Changed files laid over the base (none: the base version's validators). */
  changes?: Record<string, unknown>;
  file: string;
  fixtures: Fixture[];
}

export interface StepCodeTask {
  kind: 'stepCode';
  files: ContentFiles;
  step: string;
}

export interface LintTask {
  kind: 'lint';
  path: string;
  text: string;
  files: ContentFiles;
}

export type StudioTask = GateTask | ProblemsTask | FixturesTask | StepCodeTask | LintTask;

/** The gate's report as it crosses threads: the draft without its validator, with its generated code if asked. */
export type GateAnswer = Omit<GateReport, 'draft'> & {
  draft: Omit<DraftCheck, 'validator'>;
  code?: Record<ValidatorCodeKind, string>;
  /** With the code: each other language's variant of the draft (its files with the catalogue laid over), by content hash. */
  localizedCode?: { contentHash: string; code: Record<ValidatorCodeKind, string> }[];
  /** With the code: V8's code cache of `code.server` (validatorCodeCache), so the server loads it without parsing it. */
  serverCodeCache?: ValidatorCodeCache;
  /** contentHash of the draft's files and of the base version's (hashing the whole content is better done here too). */
  draftHash: string;
  baseHash: string;
};

export type FixturesAnswer = { report: FixtureReport } | { problems: DraftCheck['problems'] };
export type StepCodeAnswer = { code: string } | { error: string };

export interface StudioAnswers {
  gate: GateAnswer;
  problems: DraftCheck['problems'];
  fixtures: FixturesAnswer;
  stepCode: StepCodeAnswer;
  lint: Diagnostic[];
}

/** The base version's validators, compiled once per content hash in this thread (from the given code when there is one). */
function baseValidator(base: BaseVersion): ContentValidator {
  return compileContent(base.files, base.serverCode === undefined ? undefined : { contentHash: contentHash(base.files), code: { server: base.serverCode } }).validator;
}

export async function runStudioTask(task: StudioTask): Promise<StudioAnswers[StudioTask['kind']]> {
  switch (task.kind) {
    case 'gate': {
      const report = await gateCheck({
        fixturesDir: task.fixturesDir,
        baseVersion: task.baseVersion,
        baseFiles: task.base.files,
        baseValidator: async () => baseValidator(task.base),
        changes: task.changes,
        sample: task.sample,
        rows: task.rows,
        ...(task.step ? { step: task.step } : {}),
      });
      const { validator, ...draft } = report.draft;
      const answer: GateAnswer = { ...report, draft, draftHash: contentHash(draft.files), baseHash: contentHash(task.base.files) };
      if (task.withCode && validator && draft.problems.length === 0) {
        answer.code = validator.generatedCode();
        answer.serverCodeCache = validatorCodeCache(answer.code.server);
        // The variants a request in another language compiles (compiledContent.ts localizedContent), generated here.
        answer.localizedCode = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => {
          const files = localizeFiles(draft.files, locale);
          return { contentHash: contentHash(files), code: new ContentValidator(buildContent(files)).generatedCode() };
        });
      }
      return answer;
    }
    case 'problems':
      return (await checkDraft(task.base.files, task.changes)).problems;
    case 'fixtures': {
      let validator: ContentValidator;
      if (task.changes && Object.keys(task.changes).length > 0) {
        const draft = await checkDraft(task.base.files, task.changes);
        if (!draft.validator) return { problems: draft.problems };
        validator = draft.validator;
      } else {
        validator = baseValidator(task.base);
      }
      return { report: runFixtures(validator, [{ file: task.file, fixtures: task.fixtures }]) };
    }
    case 'stepCode':
      try {
        return { code: new ContentValidator(buildContent(task.files)).stepCode(task.step) };
      } catch (error) {
        return { error: (error as Error).message };
      }
    case 'lint':
      return lintContentFile(task.path, task.text, task.files);
  }
}
