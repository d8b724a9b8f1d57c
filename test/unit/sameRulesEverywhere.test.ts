import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { buildContent, schemaIdFor } from '../../src/content/buildContent';
import { buildConfigDocument } from '../../src/content/configDocument';
import { ContentValidator } from '../../src/content/contentValidator';
import { DEFAULT_FIXTURE_TODAY, type Fixture, parseFixtures } from '../../src/content/fixtures';
import { applyFormLogic } from '../../src/server/prospects/applyFormLogic';
import { evaluateLogic } from '../../src/validation/logic';
import { readContentDir } from '../../src/content/readContentDir';
import { setToday } from '../../src/validation/clock';
import { createAjv } from '../../src/validation/createAjv';
import { ProjectValidator } from '../../src/validation/rjsfValidator';

/**
 * The browser validates with what the config endpoint serves (bundled steps, lists) through the RJSF
 * validator; the server and the CLI with the content validator. Both must report the same errors, on the same
 * paths, with the same messages, for every step fixture.
 */
const root = join(import.meta.dirname, '..', '..');
const content = buildContent(await readContentDir());
const server = new ContentValidator(content);
const config = buildConfigDocument(content, { role: 'agent', schemaVersion: 1 });
const browserSchemas = [...Object.values(config.steps).map((s) => s.schema), ...(config.stakeholderList ? [config.stakeholderList as RJSFSchema] : [])];
const browser = new ProjectValidator(createAjv({ lists: config.lists, schemas: browserSchemas }));
const byId = new Map(browserSchemas.map((s) => [s.$id as string, s as RJSFSchema]));

const files = readdirSync(join(root, 'fixtures'), { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.json'))
  .map((e) => join(e.parentPath, e.name));

describe('the browser reports what the server reports', () => {
  let compared = 0;
  for (const file of files) {
    for (const fixture of parseFixtures(JSON.parse(readFileSync(file, 'utf8')))) {
      const schema = byId.get(schemaIdFor(fixture.schema));
      if (!schema) continue; // the prospect as a whole is validated on the server only
      compared++;
      it(`${relative(root, file)}: ${fixture.description ?? fixture.schema}`, () => {
        setToday(fixture.today ?? DEFAULT_FIXTURE_TODAY);
        try {
          const fromServer = server.validate(fixture.schema, fixture.data);
          const { errors } = browser.validateFormData(fixture.data, schema);
          const fromBrowser = browser.fieldErrors(schema, fixture.data);
          expect(fromBrowser).toEqual(fromServer);
          // and RJSF gets every message, on the field's property path
          expect(errors.map((e) => e.message).sort()).toEqual(fromServer.map((e) => e.message).sort());
        } finally {
          setToday(null);
        }
      });
    }
  }
  it('compares the step fixtures', () => expect(compared).toBeGreaterThan(100));
});

/**
 * Form-logic fixtures (those with `after`): the browser's evaluator on the config document it is served and the
 * server's save path (applyFormLogic on the built content) produce the same document, and it is the fixture's.
 */
describe('the browser evaluator computes what the server stores', () => {
  const perStakeholder = (step: string) => Object.values(content.flows).some((f) => f.scope === '/signatoryInfo/*' && f.steps.some((s) => s.step === step));
  let compared = 0;
  for (const file of files) {
    for (const fixture of parseFixtures(JSON.parse(readFileSync(file, 'utf8'))) as Fixture[]) {
      if (fixture.after === undefined) continue;
      compared++;
      it(`${relative(root, file)}: ${fixture.description ?? fixture.schema}`, () => {
        setToday(fixture.today ?? DEFAULT_FIXTURE_TODAY);
        try {
          // A stakeholder's fixture is evaluated as signatoryInfo[0] of its `prospect` (the company's answers its logic reads), as the fixtures runner does.
          const wrap = perStakeholder(fixture.schema.replace(/^steps\//, '')) ? (d: unknown) => ({ ...(fixture.prospect ?? {}), signatoryInfo: [d] }) : (d: unknown) => d as Record<string, unknown>;
          const data = wrap(fixture.data);
          const previous = fixture.previous === undefined ? undefined : wrap(fixture.previous);
          const browserResult = evaluateLogic(config, data, previous === undefined ? {} : { previous });
          const serverResult = applyFormLogic(content, data, previous);
          expect(browserResult.data).toEqual(serverResult.document);
          expect([...browserResult.hidden].sort()).toEqual([...serverResult.hidden].sort());
          const unwrapped = 'signatoryInfo' in data && !('signatoryInfo' in (fixture.data as object)) ? (serverResult.document.signatoryInfo as unknown[])[0] : serverResult.document;
          expect(unwrapped).toEqual(fixture.after);
        } finally {
          setToday(null);
        }
      });
    }
  }
  it('compares the form-logic fixtures', () => expect(compared).toBeGreaterThan(10));
});
