import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContent } from '../../src/content/buildContent';
import { ContentValidator } from '../../src/content/contentValidator';
import { describeResult, parseFixtures, runFixture } from '../../src/content/fixtures';
import { readContentDir } from '../../src/content/readContentDir';

const root = join(import.meta.dirname, '..', '..');
const fixturesDir = join(root, 'fixtures');
const files = readdirSync(fixturesDir, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.json'))
  .map((e) => join(e.parentPath, e.name))
  .sort();

const validator = new ContentValidator(buildContent(await readContentDir()));

describe('fixtures', () => {
  it('exist', () => expect(files.length).toBeGreaterThan(0));
  for (const file of files) {
    const name = relative(root, file);
    const fixtures = parseFixtures(JSON.parse(readFileSync(file, 'utf8')));
    fixtures.forEach((fixture, i) => {
      it(`${name}${fixtures.length > 1 ? ` #${i}` : ''}: ${fixture.description ?? fixture.schema}`, () => {
        const result = runFixture(validator, fixture);
        expect(describeResult(name, result)).toEqual([]);
      });
    });
  }
});
