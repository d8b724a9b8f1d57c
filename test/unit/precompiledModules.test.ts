import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { PRECOMPILED_MODULES, type PrecompiledModule, precompiledModuleCode } from '../../scripts/precompiledModules';

/**
 * The server's build replaces the settings' and lifecycle's validators by ajv standalone code generated at build time
 * (scripts/precompiledModules.ts). The generated code must answer exactly as the validator compiled from src/ does:
 * the same verdict and the same errors (messages, paths, params), on valid documents and on each way they go wrong.
 */
const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'qa-precompiled-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const byPath = (path: string): PrecompiledModule => {
  const module = PRECOMPILED_MODULES.find((m) => m.path === path);
  if (!module) throw new Error(`no precompiled module ${path}`);
  return module;
};

/** Both validators of a module: compiled from src/ (as tsx runs it) and the generated code (as dist/server runs it). */
async function bothValidators(module: PrecompiledModule): Promise<{ compiled: ValidateFunction; generated: ValidateFunction }> {
  const source = (await import(/* @vite-ignore */ join(root, module.path))) as Record<string, unknown>;
  const fromSource = source[module.exportName];
  expect(typeof fromSource, `${module.path} exports ${module.exportName}`).toBe('function');
  // The generated code requires ajv's runtime by name, as the build's bundle resolves it: from the project.
  const file = join(dir, `${module.exportName}.mjs`);
  const prelude = `import { createRequire } from 'node:module'; const require = createRequire(${JSON.stringify(join(root, 'package.json'))});\n`;
  writeFileSync(file, prelude + (await precompiledModuleCode(module)));
  const fromGenerated = ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, unknown>)[module.exportName];
  expect(typeof fromGenerated, `the generated code exports ${module.exportName}`).toBe('function');
  return { compiled: (fromSource as () => ValidateFunction)(), generated: (fromGenerated as () => ValidateFunction)() };
}

function expectSameAnswers(compiled: ValidateFunction, generated: ValidateFunction, documents: unknown[]): void {
  for (const document of documents) {
    const verdict = compiled(document);
    expect(generated(document), JSON.stringify(document).slice(0, 200)).toBe(verdict);
    expect(generated.errors ?? null).toEqual(compiled.errors ?? null);
  }
}

describe('validators precompiled by the server build', () => {
  it('list only modules that exist and export their function', () => {
    expect(PRECOMPILED_MODULES.map((m) => m.path)).toEqual(['src/server/settings/settingsValidator.ts', 'src/content/lifecycleValidator.ts']);
  });

  it('answer the settings as the compiled schema does, errors included', async () => {
    const { compiled, generated } = await bothValidators(byPath('src/server/settings/settingsValidator.ts'));
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://app@db:5432/quickapply',
      JWT_SECRET: 'x'.repeat(40),
      SERVER_PRIVATE_KEY_PEM: 'private',
      SERVER_PUBLIC_KEY_PEM: 'public',
      PUBLIC_URL: 'https://apply.bank.example',
      SMTP_URL: 'smtp://mail.bank.example:587',
      SMS_HTTP_URL: 'https://sms.provider.example/send',
    };
    const { JWT_SECRET: _secret, ...productionWithoutSecret } = production;
    expectSameAnswers(compiled, generated, [
      {},
      production,
      productionWithoutSecret,
      { ...production, DEV_OUTBOX: 'on', ENCRYPTION: 'off' },
      { NODE_ENV: 'production' },
      { PORT: '70000', JWT_SECRET: 'short-secret', DOCUMENT_STORE: 's3', LOG_LEVEL: 'loud', DEV_OUTBOX: 'yes' },
      { PORT: '8080', DATABASE_URL: 'mysql://db', DATABASE_SCHEMA: 'Not An Identifier', DATABASE_POOL_MAX: '0' },
      { DOCUMENT_STORE: 's3', S3_BUCKET: 'b' },
      { UNKNOWN_VARIABLE: 'kept', PATH: '/usr/bin' },
    ]);
    expect(generated({ PORT: 'x' })).toBe(false);
  });

  it('answer lifecycle.json as the compiled meta-schema does, errors included', async () => {
    const { compiled, generated } = await bothValidators(byPath('src/content/lifecycleValidator.ts'));
    const lifecycle = JSON.parse(readFileSync(join(root, 'schemas', 'lifecycle.json'), 'utf8')) as Record<string, unknown>;
    const { initial: _initial, ...withoutInitial } = lifecycle;
    const states = lifecycle.states as Record<string, Record<string, unknown>>;
    const [firstState] = Object.keys(states);
    expectSameAnswers(compiled, generated, [
      lifecycle,
      withoutInitial,
      { ...lifecycle, initial: 'lower case' },
      { ...lifecycle, unknownKey: true },
      { ...lifecycle, states: [] },
      { ...lifecycle, states: { ...states, [firstState!]: { ...states[firstState!], label: '' } } },
      { ...lifecycle, transitions: [{}] },
      { ...lifecycle, declineReasons: [{ value: 'X' }, 'not an object'] },
      { ...lifecycle, accounts: { country: 'uae', bankCode: '12' } },
      null,
      'not an object',
    ]);
    expect(generated(lifecycle)).toBe(true);
    expect(generated(withoutInitial)).toBe(false);
  });
});
