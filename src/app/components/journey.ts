/** The customer journey of the spec (001 §2): six steps, each with its route and related route. */
export interface JourneyStep {
  step: number;
  title: string;
  path: string;
  relatedPath?: string;
}

export const customerJourney: JourneyStep[] = [
  { step: 1, title: 'Basic Information', path: '/business/ApplicantInfo', relatedPath: '/business/VerifyOTP' },
  { step: 2, title: 'Company Information', path: '/business/CompanyInfo' },
  { step: 3, title: 'Company Stakeholders', path: '/business/StakeholdersInfo' },
  { step: 4, title: 'Final Questions', path: '/business/FinalQuestions' },
  { step: 5, title: 'Upload Documents', path: '/business/UploadDocuments' },
  { step: 6, title: 'Select Services', path: '/business/SelectServices', relatedPath: '/business/SubmitApplication' },
];

export function activeStepFor(pathname: string): number {
  const found = customerJourney.find((s) => s.path === pathname || s.relatedPath === pathname);
  return found?.step ?? 0;
}
