// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { setAnalyticsEnabled } from '../../src/app/lib/analytics';
import { trackCode, trackPageDone, trackStep } from '../../src/app/lib/stepEvents';

afterEach(() => {
  setAnalyticsEnabled(false);
  delete window.dataLayer;
});

describe('analytics step events (spec 001 §2)', () => {
  it('pushes nothing while the flag is off (the default)', () => {
    trackStep('companyDetails', 'starter');
    expect(window.dataLayer).toBeUndefined();
  });

  it('names steps, pages and the code events as the spec does, with the account type', () => {
    setAnalyticsEnabled(true);
    trackStep('companyDetails', 'starter');
    trackPageDone('companyInfo', 'starter');
    trackStep('fqSignatorySourceOfFunds');
    trackCode('new', 'verified');
    trackCode('comeback', 'start');
    trackStep('notAStep');
    expect(window.dataLayer).toEqual([
      { event: 'company information details', screenName: 'companyInfo', productName: 'starter' },
      { event: 'company information submitted', screenName: 'companyInfo', productName: 'starter' },
      { event: 'final questions source of fund', screenName: 'finalQuestions' },
      { event: 'product otp submitted', screenName: 'verifyOtp' },
      { event: 'come-back start', screenName: 'comeBackLogin' },
    ]);
  });
});
