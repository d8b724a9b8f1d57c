import { track } from './analytics';

/**
 * The analytics step names of spec 001 §2, by step id: pushed when the applicant (or agent) completes the
 * step. The last step of a page also pushes the page's "submitted" event (FlowPage does that with pageEvents).
 */
const STEP_EVENTS: Record<string, { event: string; screenName: string }> = {
  applicantInfo: { event: 'basic information', screenName: 'applicantInfo' },
  companyDetails: { event: 'company information details', screenName: 'companyInfo' },
  companyIndustry: { event: 'company information industry', screenName: 'companyInfo' },
  companyLicense: { event: 'company information license', screenName: 'companyInfo' },
  fqBusinessRelationships: { event: 'final questions business relationships', screenName: 'finalQuestions' },
  fqBranches: { event: 'final questions branches', screenName: 'finalQuestions' },
  fqAnticipatedActivity: { event: 'final questions anticipated activity', screenName: 'finalQuestions' },
  fqMailingAddress: { event: 'final questions preferred mailing address', screenName: 'finalQuestions' },
  fqPreferredContact: { event: 'final questions preferred contact', screenName: 'finalQuestions' },
  fqSignatoryPersonal: { event: 'final questions personal information', screenName: 'finalQuestions' },
  fqSignatoryEmployment: { event: 'final questions employment details', screenName: 'finalQuestions' },
  fqSignatorySourceOfFunds: { event: 'final questions source of fund', screenName: 'finalQuestions' },
  fqSignatoryAddress: { event: 'final questions uae address', screenName: 'finalQuestions' },
  ssAccountDetails: { event: 'select service account details', screenName: 'SubmitApplication' },
  ssSigningPreferences: { event: 'select service signing preference', screenName: 'SubmitApplication' },
  ssChannels: { event: 'select service channels', screenName: 'SubmitApplication' },
  kycAnnexure: { event: 'select service KYC annexure', screenName: 'SubmitApplication' },
  ssValueAddedServices: { event: 'select service keep-Plus upgrade', screenName: 'SubmitApplication' },
};

/** The "submitted" event of a page, by flow id. */
const PAGE_EVENTS: Record<string, { event: string; screenName: string }> = {
  companyInfo: { event: 'company information submitted', screenName: 'companyInfo' },
  finalQuestions: { event: 'final questions submitted', screenName: 'finalQuestions' },
  selectServices: { event: 'select service submitted', screenName: 'SubmitApplication' },
};

export function trackStep(step: string, productName?: string): void {
  const known = STEP_EVENTS[step];
  if (known) track({ ...known, ...(productName ? { productName } : {}) });
}

export function trackPageDone(page: string, productName?: string): void {
  const known = PAGE_EVENTS[page];
  if (known) track({ ...known, ...(productName ? { productName } : {}) });
}

/** Sign-in events: the code requested (come-back start) and the code accepted. */
export function trackCode(purpose: 'new' | 'comeback', stage: 'start' | 'verified'): void {
  if (purpose === 'new') {
    if (stage === 'verified') track({ event: 'product otp submitted', screenName: 'verifyOtp' });
    return;
  }
  track(stage === 'start' ? { event: 'come-back start', screenName: 'comeBackLogin' } : { event: 'come-back otp submitted', screenName: 'comeBackLoginVerification' });
}
