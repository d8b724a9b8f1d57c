import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importRetrying, setValidatorModuleLoader } from '../../src/app/features/forms/stepValidator';
import type { ValidatorModuleExports } from '../../src/validation/standalone';

const module = { default: () => ({}) } as unknown as ValidatorModuleExports;
const URL = '/api/validators/0123456789abcdef/customer/companyDetails.js';

/** The app's loader failing `failures` times (an import of a module answered 503, or a lost connection), then loading. */
function flaky(failures: number): string[] {
  const asked: string[] = [];
  setValidatorModuleLoader(async (url) => {
    asked.push(url);
    if (asked.length <= failures) throw new TypeError(`Failed to fetch dynamically imported module: ${url}`);
    return module;
  });
  return asked;
}

/** The server's answer to the loader's HEAD of a module that failed to import. */
const answering = (status: number) => vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status })));

/** Runs the import to its end, the clock moved through every wait; the waits the loader took. */
async function settle<T>(run: Promise<T>): Promise<{ outcome: PromiseSettledResult<T>; waited: number }> {
  const start = Date.now();
  const outcome = Promise.allSettled([run]);
  await vi.runAllTimersAsync();
  return { outcome: (await outcome)[0]!, waited: Date.now() - start };
}

describe('the validator modules loader', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('tries a failed import again after growing waits, each time at a new address, and takes the module that loads', async () => {
    const asked = flaky(2);
    answering(503);
    const { outcome, waited } = await settle(importRetrying(URL));
    expect(outcome).toEqual({ status: 'fulfilled', value: module });
    expect(waited).toBe(500 + 1_500);
    expect(asked).toEqual([URL, `${URL}?attempt=1`, `${URL}?attempt=2`]);
  });

  it('tries again when even the server cannot be reached, and gives up after the last wait with the import\'s error (the step then shows its error page)', async () => {
    const asked = flaky(10);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const { outcome, waited } = await settle(importRetrying(URL));
    expect(outcome.status).toBe('rejected');
    expect(String((outcome as PromiseRejectedResult).reason)).toMatch(/Failed to fetch dynamically imported module/);
    expect(waited).toBe(500 + 1_500 + 4_000);
    expect(asked).toHaveLength(4);
  });

  it('does not try again a module the server no longer has (404: the config is reloaded instead)', async () => {
    const asked = flaky(10);
    answering(404);
    const { outcome, waited } = await settle(importRetrying(URL));
    expect(outcome.status).toBe('rejected');
    expect(waited).toBe(0);
    expect(asked).toEqual([URL]);
  });
});
