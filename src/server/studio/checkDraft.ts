import { buildContent } from '../../content/buildContent';
import { type BuiltContent, type ContentFiles, ROLES } from '../../content/contentTypes';
import { ContentValidator } from '../../content/contentValidator';
import { fieldMap } from '../../content/fieldMap';
import { mergeDraft, type Problem, touchedSteps } from './draft';
import { missingCoreFiles, protectedCoreProblems } from './protectedCore';
import { ownershipCoreProblems } from './protectedOwnership';
import { compileProblem, dataFileProblems, schemaFileProblems } from './schemaChecks';
import { uiSchemaProblems } from './uiChecks';
import { limitProblems } from './limitChecks';
import { checkLogic } from '../../validation/logic';
import { draftTranslationIssues, translationIssueMessage } from '../../content/i18n/draftTranslations';
import { LOCALES } from '../../content/i18n/locales';

export interface DraftCheck {
  /** The whole content of the draft (base version plus changes). */
  files: ContentFiles;
  /** Changed (added or replaced) file paths. */
  changed: string[];
  problems: Problem[];
  /** The draft's validators, when it compiles. */
  validator?: ContentValidator;
}

/** The file a build or compile message names ("... in https://quickapply.example/schemas/steps/x.schema.json"). */
function fileNamed(message: string, fallback: string): string {
  return /schemas\/([A-Za-z0-9_/-]+\.json)/.exec(message)?.[1] ?? /\b((?:steps|defs|lists)\/[A-Za-z0-9_-]+(?:\.schema|\.ui)?\.json)/.exec(message)?.[1] ?? fallback;
}

/** Lets other requests run between two schema compilations (a whole draft takes seconds to compile). */
export const breather = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Everything that would stop a draft from being published: files that are not JSON objects, schemas that are
 * not valid draft-07 or misuse a custom keyword, content that does not build or compile, UI schemas that
 * refer to missing fields or widgets or use keys or form logic outside the vocabulary, fields opened to unknown
 * keys or given two writers, and drafts that drop the protected core.
 */
export async function checkDraft(base: ContentFiles, changes: Record<string, unknown>): Promise<DraftCheck> {
  const check = await checkContent(base, changes);
  check.problems.push(...translationProblems(base, check.files, Object.keys(changes)));
  // Messages and help texts (every language) that state a limit other than the field's: customers would read it.
  check.problems.push(...limitProblems(base, check.files, Object.keys(changes)));
  return check;
}

/**
 * Every language must say what the English says: a text the draft adds or rewrites without its translation, or
 * rewrites while keeping the published translation (stale), blocks the publication, naming the field.
 */
function translationProblems(base: ContentFiles, files: ContentFiles, changed: string[]): Problem[] {
  const problems: Problem[] = [];
  for (const locale of LOCALES) {
    if (locale === 'en') continue;
    for (const issue of draftTranslationIssues(base, files, changed, locale)) {
      problems.push({ path: issue.file, ...(issue.pointer.startsWith('/') ? { pointer: issue.pointer } : {}), message: translationIssueMessage(issue, locale) });
    }
  }
  return problems;
}

async function checkContent(base: ContentFiles, changes: Record<string, unknown>): Promise<DraftCheck> {
  const { files, problems } = mergeDraft(base, changes);
  const changed = Object.keys(changes).filter((p) => changes[p] !== null && files[p] !== undefined);
  problems.push(...missingCoreFiles(files));
  const fileProblems = [...schemaFileProblems(files, changed), ...dataFileProblems(files, changed)];
  problems.push(...fileProblems);
  if (problems.length) return { files, changed, problems };

  let built: BuiltContent;
  let validator: ContentValidator;
  await breather();
  try {
    built = buildContent(files);
    validator = new ContentValidator(built);
  } catch (error) {
    problems.push(compileProblem(fileNamed((error as Error).message, 'content'), error));
    return { files, changed, problems };
  }
  const compileProblems: Problem[] = [];
  for (const id of [...built.registry.keys()]) {
    await breather();
    try {
      validator.validator(id);
    } catch (error) {
      compileProblems.push(compileProblem(id.replace(/^https:\/\/quickapply\.example\/schemas\//, ''), error));
    }
  }
  problems.push(...compileProblems);
  // Validators that do not compile cannot run fixtures or re-validate prospects.
  if (compileProblems.length) return { files, changed, problems };
  // The standalone code the server and the browsers will run once it is published (fixtures then run on it).
  await breather();
  try {
    validator.precompile();
    for (const role of ROLES) validator.browserCode(role);
  } catch (error) {
    problems.push(compileProblem('content', error));
    return { files, changed, problems };
  }
  for (const message of built.problems) problems.push({ path: 'flows.json', message });
  // The prospect stays closed and every field keeps one writer (the server enforces both on every save).
  for (const message of fieldMap(built).problems) problems.push({ path: 'schemas', message: `Fields: ${message}` });
  problems.push(...ownershipCoreProblems(built));
  // UI schemas of the steps the draft touches (the base version's were checked when it was published).
  const touched = touchedSteps(Object.keys(changes));
  problems.push(...uiSchemaProblems(built, files, touched.all ? undefined : touched.steps));
  // Form logic: keys outside the UI vocabulary, malformed expressions, references to fields no step has.
  problems.push(...checkLogic(built, touched.all ? undefined : touched.steps));
  await breather();
  problems.push(...protectedCoreProblems(validator, files));
  return { files, changed, problems, validator };
}
