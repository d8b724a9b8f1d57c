import type { ContentFiles } from '../../content/contentTypes';

/** A problem of a draft: the file, where in it (JSON pointer) when known, and what is wrong. */
export interface Problem {
  path: string;
  pointer?: string;
  message: string;
}

/** Content file names: folders and names of letters, digits, _ and -, ending in .json (no "..", no absolute paths). */
export const CONTENT_PATH = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+){0,3}(\.schema|\.ui)?\.json$/;
export const MAX_DRAFT_FILES = 200;

/**
 * A draft is the changed files only, laid over a published version; `null` removes a file. Malformed entries
 * are reported as problems and left out, so a check can still say everything else that is wrong.
 */
export function mergeDraft(base: ContentFiles, changes: Record<string, unknown>): { files: ContentFiles; problems: Problem[] } {
  const files: ContentFiles = { ...base };
  const problems: Problem[] = [];
  for (const [path, value] of Object.entries(changes)) {
    if (!CONTENT_PATH.test(path)) {
      problems.push({ path, message: 'A content file name is a folder path of letters, digits, _ and - ending in .json' });
      continue;
    }
    if (value === null) {
      if (!(path in files)) problems.push({ path, message: 'The file to remove does not exist in the base version' });
      delete files[path];
      continue;
    }
    if (typeof value !== 'object' || Array.isArray(value)) {
      problems.push({ path, message: 'A content file must hold a JSON object' });
      continue;
    }
    files[path] = value;
  }
  return { files, problems };
}

/** The step names a set of changed files touches ("steps/companyDetails.ui.json" -> companyDetails). */
export function touchedSteps(paths: string[]): { steps: string[]; all: boolean } {
  const steps = new Set<string>();
  let all = false;
  for (const path of paths) {
    const step = /^steps\/([A-Za-z0-9]+)\.(schema|ui)\.json$/.exec(path)?.[1];
    if (step) steps.add(step);
    else if (path === 'stakeholderList.schema.json') steps.add('stakeholderList');
    else if (path === 'prospect.schema.json') steps.add('prospect');
    // Shared definitions and reference lists can change any step.
    else if (path.startsWith('defs/') || path.startsWith('lists/')) all = true;
  }
  return { steps: [...steps].sort(), all };
}
