/**
 * The testers' tool: validates fixture files against the schemas.
 *   npm run validate -- fixtures
 *   npm run validate -- fixtures/companyDetails my-case.json
 * Prints every unexpected or missing error as `file: path: message`, then `N passed, N failed`.
 * Exit code 0 only when every fixture meets its expectation.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { buildContent } from '../src/content/buildContent';
import { ContentValidator } from '../src/content/contentValidator';
import { describeResult, parseFixtures, runFixture } from '../src/content/fixtures';
import { readContentDir } from '../src/content/readContentDir';

async function collect(path: string): Promise<string[]> {
  const info = await stat(path);
  if (info.isFile()) return [path];
  const entries = await readdir(path, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

async function main(args: string[]): Promise<number> {
  if (args.length === 0) {
    console.error('usage: npm run validate -- <fixture files or folders>');
    return 2;
  }
  const validator = new ContentValidator(buildContent(await readContentDir()));
  let passed = 0;
  let failed = 0;
  for (const arg of args) {
    let files: string[];
    try {
      files = await collect(arg);
    } catch {
      console.error(`${arg}: no such file or folder`);
      failed++;
      continue;
    }
    for (const file of files) {
      const name = relative(process.cwd(), file);
      let fixtures;
      try {
        fixtures = parseFixtures(JSON.parse(await readFile(file, 'utf8')));
      } catch (error) {
        console.log(`${name}: ${(error as Error).message}`);
        failed++;
        continue;
      }
      for (const fixture of fixtures) {
        const result = runFixture(validator, fixture);
        if (result.passed) passed++;
        else {
          failed++;
          for (const line of describeResult(name, result)) console.log(line);
        }
      }
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
