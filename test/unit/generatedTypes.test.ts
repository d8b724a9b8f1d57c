import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffGenerated, generateTypes, prepareSchema } from '../../src/content/generateTypes';
import { readContentDir } from '../../src/content/readContentDir';

const generatedDir = join(import.meta.dirname, '..', '..', 'src', 'generated');

function readCommitted(): Record<string, string> {
  let entries;
  try {
    entries = readdirSync(generatedDir, { recursive: true, withFileTypes: true });
  } catch {
    return {};
  }
  return Object.fromEntries(
    entries
      .filter((e) => e.isFile())
      .map((e) => {
        const full = join(e.parentPath, e.name);
        return [relative(generatedDir, full).split(sep).join('/'), readFileSync(full, 'utf8')];
      }),
  );
}

// top level: generating (prettier included) takes a few seconds, more than a test's default timeout
const expected = await generateTypes(await readContentDir());

describe('src/generated', () => {
  it('is up to date with schemas/ (run `npm run gen:types` when this fails)', () => {
    const committed = readCommitted();
    const differences = diffGenerated(expected, committed);
    expect(
      differences,
      `src/generated is stale, run \`npm run gen:types\` and commit the result. Differing files:\n  ${differences.join('\n  ')}`,
    ).toEqual([]);
  });

  it('has one file per step, an index and a README', () => {
    expect(Object.keys(expected)).toContain('index.ts');
    expect(Object.keys(expected)).toContain('README.md');
    expect(Object.keys(expected).some((p) => p.startsWith('steps/'))).toBe(true);
  });
});

describe('generateTypes', () => {
  it('is deterministic', async () => {
    expect(await generateTypes(await readContentDir())).toEqual(expected);
  }, 60_000);

  it('keeps the root title as the type name and nested titles as comments', () => {
    const prepared = prepareSchema(
      {
        title: 'Demo',
        description: 'A demo.',
        type: 'object',
        required: ['title'],
        errorMessage: { required: { title: 'Title is not filled' } },
        'x-derive': [],
        properties: {
          title: { type: 'string', title: 'Title', 'x-list': { list: 'salutation' } },
          date: { $ref: '#/definitions/date', title: 'Date' },
        },
        definitions: { date: { type: 'string', format: 'date' } },
        allOf: [{ if: { required: ['title'] }, then: { required: ['date'] } }],
      },
      'DemoStep',
    );
    expect(prepared).toEqual({
      title: 'DemoStep',
      description: 'Demo\n\nA demo.',
      type: 'object',
      required: ['title'],
      properties: {
        title: { type: 'string', description: 'Title' },
        date: { type: 'string', format: 'date', description: 'Date' },
      },
    });
  });
});
