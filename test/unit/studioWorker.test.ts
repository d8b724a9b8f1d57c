import { afterAll, describe, expect, it } from 'vitest';
import { readContentDir } from '../../src/content/readContentDir';
import { createStudioWorkerPool } from '../../src/server/studio/studioWorkerPool';

/** The studio's worker thread (src/server/studio/studioWorkerPool.ts): answers by task, errors, a restart after close. */
describe('studio worker thread', () => {
  const pool = createStudioWorkerPool();
  afterAll(() => pool.close());

  it('generates a step\'s code and lints in the worker, answers a failing task with its error, and starts again after close', async () => {
    const files = await readContentDir();
    const [code, unknownStep, lint] = await Promise.all([
      pool.run({ kind: 'stepCode', files, step: 'companyDetails' }),
      pool.run({ kind: 'stepCode', files, step: 'noSuchStep' }),
      pool.run({ kind: 'lint', path: 'steps/companyDetails.schema.json', text: '{"type": "object"', files }),
    ]);
    expect('code' in code && code.code).toContain('companyDetails.schema.json');
    expect(unknownStep).toEqual({ error: 'The draft has no step noSuchStep' });
    expect(lint.length).toBeGreaterThan(0);
    // Content that does not build: the task's error reaches the caller, and the worker goes on.
    await expect(pool.run({ kind: 'fixtures', base: { files: {} }, file: 'x.json', fixtures: [] })).rejects.toThrow();
    await pool.close();
    const again = await pool.run({ kind: 'lint', path: 'steps/companyDetails.schema.json', text: JSON.stringify(files['steps/companyDetails.schema.json']), files });
    expect(again).toEqual([]);
  }, 60_000);
});
