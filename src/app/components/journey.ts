import type { MessageId } from '../i18n/en';

/** The customer journey of the spec (001 §2): six steps, each with its route and related route. */
export interface JourneyStep {
  step: number;
  title: string;
  /** The title's id in the app's catalogue (shown in the page's language); `title` otherwise. */
  titleId?: MessageId;
  path: string;
  relatedPath?: string;
}

export const customerJourney: JourneyStep[] = [
  { step: 1, title: 'Basic Information', titleId: 'journey.1', path: '/business/ApplicantInfo', relatedPath: '/business/VerifyOTP' },
  { step: 2, title: 'Company Information', titleId: 'journey.2', path: '/business/CompanyInfo' },
  { step: 3, title: 'Company Stakeholders', titleId: 'journey.3', path: '/business/StakeholdersInfo' },
  { step: 4, title: 'Final Questions', titleId: 'journey.4', path: '/business/FinalQuestions' },
  { step: 5, title: 'Upload Documents', titleId: 'journey.5', path: '/business/UploadDocuments' },
  { step: 6, title: 'Select Services', titleId: 'journey.6', path: '/business/SelectServices', relatedPath: '/business/SubmitApplication' },
];

export function activeStepFor(pathname: string): number {
  const found = customerJourney.find((s) => s.path === pathname || s.relatedPath === pathname);
  return found?.step ?? 0;
}
