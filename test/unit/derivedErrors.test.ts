import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { buildContent } from '../../src/content/buildContent';
import { buildConfigDocument } from '../../src/content/configDocument';
import { ContentValidator } from '../../src/content/contentValidator';
import { readContentDir } from '../../src/content/readContentDir';
import { stepErrors } from '../../src/app/features/forms/useShownErrors';
import { applyFormLogic } from '../../src/server/prospects/applyFormLogic';
import { validateProspect } from '../../src/server/prospects/prospectValidation';
import { evaluateLogic, explainedErrors } from '../../src/validation/logic';
import { createAjv } from '../../src/validation/createAjv';
import { ProjectValidator } from '../../src/validation/rjsfValidator';

/**
 * One mistake, one error: a derived (read-only) field whose inputs are in error is not reported, in the browser
 * and on the server alike (QA: cash credits over the total gave four errors, three on fields nobody can edit).
 */
const content = buildContent(await readContentDir());
const server = new ContentValidator(content);
const config = buildConfigDocument(content, { role: 'agent', schemaVersion: 1 });
const stepSchema = config.steps.fqAnticipatedActivity!.schema as RJSFSchema;
const browser = new ProjectValidator(createAjv({ lists: config.lists, schemas: [stepSchema] }));

const activity = (amounts: Record<string, number>) => ({
  orgKYCDetails: {
    anticipatedTransactionsDetails: { annualTurnover: 1200000, maxSingleCashTransaction: 5000, maxSingleNonCashTransaction: 5000, ...amounts },
    hawalaService: 'N',
    isCompanyUSEntity: 'N',
    isDNFBP: 'N',
    isFinancialInstitution: 'N',
    nfeType: 'Active',
  },
});
const AT = '/orgKYCDetails/anticipatedTransactionsDetails';

describe('errors of derived fields that an input explains', () => {
  it('keeps only the error on the field typed: cash credits over the total (browser and server)', () => {
    const typed = activity({ totalMonthlyCredits: 100000, monthlyCashCredits: 150000 });
    const logic = evaluateLogic(content, typed);
    const data = logic.data;
    const details = (data.orgKYCDetails as { anticipatedTransactionsDetails: Record<string, number> }).anticipatedTransactionsDetails;
    // the form logic derives the rest: 150 %, −50 000, −50 %, each outside its field's range
    expect(details).toMatchObject({ monthlyCashCreditsPercent: 150, monthlyNonCashCredits: -50000, monthlyNonCashCreditsPercent: -50 });
    expect(server.validate(`steps/fqAnticipatedActivity`, data).map((e) => e.path)).toEqual(
      expect.arrayContaining([`${AT}/monthlyCashCreditsPercent`, `${AT}/monthlyNonCashCredits`, `${AT}/monthlyNonCashCreditsPercent`]),
    );

    const one = [{ path: `${AT}/monthlyCashCredits`, message: 'Monthly cash credits should not be more than the total monthly credits', keyword: 'x-compare' }];
    const fromBrowser = stepErrors(browser, stepSchema, data, { result: evaluateLogic(content, data), base: '' }).errors;
    expect(fromBrowser.map((e) => ({ path: e.property, message: e.message }))).toEqual([{ path: '.orgKYCDetails.anticipatedTransactionsDetails.monthlyCashCredits', message: one[0]!.message }]);

    const { document, hidden, derivedFrom } = applyFormLogic(content, typed);
    const fromServer = validateProspect(server, document, { completeSteps: [{ step: 'fqAnticipatedActivity', at: '' }], hidden, derivedFrom });
    expect(fromServer.filter((e) => e.path.startsWith('/orgKYCDetails'))).toEqual(one);
  });

  it('reports a derived field that is missing only while its inputs are not themselves reported as missing', () => {
    const { document, hidden, derivedFrom } = applyFormLogic(content, activity({}));
    const paths = validateProspect(server, document, { completeSteps: [{ step: 'fqAnticipatedActivity', at: '' }], hidden, derivedFrom })
      .filter((e) => e.path.startsWith(AT))
      .map((e) => e.path.slice(AT.length + 1));
    expect(paths.sort()).toEqual(['monthlyCashCredits', 'totalMonthlyCredits']);
  });

  it('keeps a derived field’s error when no input is in error, follows derived inputs and survives cycles', () => {
    const derivedFrom = new Map([
      ['/pct', ['/cash', '/total']],
      ['/rest', ['/pct']],
      ['/a', ['/b']],
      ['/b', ['/a']],
      ['/copy', ['/source']],
    ]);
    const e = (path: string) => ({ path });
    // /rest is explained through /pct by /cash, even where /pct has no error of its own
    expect(explainedErrors([e('/cash'), e('/rest')], derivedFrom)).toEqual([e('/cash')]);
    expect(explainedErrors([e('/cash'), e('/pct'), e('/rest')], derivedFrom)).toEqual([e('/cash')]);
    // nothing explains them: kept (a cycle does not explain itself)
    expect(explainedErrors([e('/pct'), e('/other')], derivedFrom)).toEqual([e('/pct'), e('/other')]);
    expect(explainedErrors([e('/a'), e('/b')], derivedFrom)).toEqual([e('/a'), e('/b')]);
    // errors inside a derived object (a copied address) and inside its input
    expect(explainedErrors([e('/source/street'), e('/copy/street')], derivedFrom)).toEqual([e('/source/street')]);
  });

  it('lists each derived field with the fields its value reads', () => {
    const { derivedFrom } = evaluateLogic(content, activity({ totalMonthlyCredits: 100, monthlyCashCredits: 40 }));
    expect(derivedFrom.get(`${AT}/monthlyCashCreditsPercent`)).toEqual([`${AT}/monthlyCashCredits`, `${AT}/totalMonthlyCredits`]);
    expect(derivedFrom.get(`${AT}/monthlyNonCashCreditsPercent`)).toEqual([`${AT}/monthlyCashCreditsPercent`]);
  });
});
