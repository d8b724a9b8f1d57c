import { isIsoDate, yearsSince } from '../../validation/dates';
import { CHECK_NAMES, type CheckName, type Outcome, type ScreeningRules } from './screeningRules';

/** Another application found by a lookup, with its latest screening outcome when it has one. */
export interface OtherApplication {
  prospectId: string;
  statusOverAll?: Outcome | null;
}

export interface BlacklistEntry {
  name?: string | null;
  licenseNumber?: string | null;
}

/** Everything the checks need besides the prospect, gathered by the caller (screenProspect does it). */
export interface ScreeningContext {
  rules: ScreeningRules;
  /** The bank's date, yyyy-MM-dd. */
  today: string;
  /** Other applications with the prospect's trade licence number. */
  sameTradeLicence: OtherApplication[];
  /** Other applications of the same applicant (mobile and e-mail). */
  sameApplicant: OtherApplication[];
  /** Blacklist entries to compare with (candidates looked up by name and licence, or the whole list). */
  blacklist: BlacklistEntry[];
  /** Uploads so far. */
  documentsUploaded: number;
  /** Overrides rules.checks.documentsCount.maxDocuments (DOCUMENT_MAX_UPLOADS). */
  maxDocuments?: number;
}

export interface ScreeningResult {
  screeningType: string;
  /** The check's outcome: SUCCESS when it passes. */
  screeningStatus: Outcome;
  /** The screeningType when the check matched (the client looks its message up by it), 'No Match' otherwise. */
  screeningReason: string;
  screeningFlag: boolean;
  /** What matched, in words safe to show the applicant (never another application's data). */
  screeningNotes?: string;
}

export interface ScreeningOutcome {
  statusOverAll: Outcome;
  screeningResults: ScreeningResult[];
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]);
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const yes = (v: unknown) => v === true || v === 'Y' || v === 'y' || v === 'Yes';

/** The same normalisation as the blacklist table's name_key and license_key columns. */
export const nameKey = (v: string) => v.trim().replace(/\s+/g, ' ').toLowerCase();
export const licenseKey = (v: string) => v.replace(/[\s-]+/g, '').toUpperCase();

function stakeholderName(s: Obj): string {
  return text(s.fullName) || [s.firstName, s.middleName, s.lastName].map(text).filter(Boolean).join(' ');
}

/** The names (company, stakeholders, stakeholder companies) and licence numbers the Blacklist Check compares. */
export function blacklistCandidates(prospect: unknown): { names: string[]; licences: string[] } {
  const p = obj(prospect);
  const org = obj(p.organizationInfo);
  const stakeholders = list(p.signatoryInfo).map(obj);
  const companies = stakeholders.map((s) => obj(s.signatoryCompanyInfo));
  return {
    names: [text(org.companyName), ...stakeholders.map(stakeholderName), ...companies.map((c) => text(c.companyName))].filter(Boolean),
    licences: [text(org.licenseNumber), ...companies.map((c) => text(c.tradeLicenseNo))].filter(Boolean),
  };
}

/** A check returns undefined when it passes, or a note saying what matched (and optionally its own outcome). */
type Check = (prospect: Obj, context: ScreeningContext) => undefined | { notes: string; outcome?: Outcome };

const CHECKS: Record<CheckName, Check> = {
  dedupe: (_p, c) => (c.sameTradeLicence.length ? { notes: 'An application for this trade license already exists' } : undefined),

  applicationDedupe: (_p, c) => {
    if (!c.sameApplicant.length) return undefined;
    const rule = c.rules.checks.applicationDedupe;
    const outcomes = c.sameApplicant.map((o) => (o.statusOverAll ? rule.outcomeByOtherApplication[o.statusOverAll] : undefined) ?? rule.outcome);
    const outcome = c.rules.outcomePrecedence.find((o) => outcomes.includes(o)) ?? rule.outcome;
    return { notes: 'You already have another application with us', outcome };
  },

  virtualCurrency: (p, c) => {
    const rule = c.rules.checks.virtualCurrency;
    for (const item of list(obj(p.orgKYCDetails).industryMultiSelect).map(obj)) {
      const industries = list(item.industry).map(text);
      const subs = list(item.subCategory).map(text);
      if (industries.some((i) => rule.industries.includes(i))) return { notes: 'The industry is not served online' };
      const hit = rule.subCategories.some((r) => subs.includes(r.subCategory) && (!r.industry || industries.includes(r.industry)));
      if (hit) return { notes: 'The industry sub-category is not served online' };
    }
    return undefined;
  },

  starterAccount: (p, c) => {
    const rule = c.rules.checks.starterAccount;
    if (!rule.accountTypes.includes(text(obj(p.applicationInfo).accountType))) return undefined;
    const doi = obj(p.organizationInfo).dateOfIncorporation;
    const years = isIsoDate(doi) ? yearsSince(doi, c.today) : Number(obj(p.orgKYCDetails).yearsInBusiness);
    if (!Number.isFinite(years) || years < rule.maxYearsInBusiness) return undefined;
    return { notes: `The business is ${years} year(s) old; this account is for businesses younger than ${rule.maxYearsInBusiness} year(s)` };
  },

  countryOfIncorporation: (p, c) => {
    const country = text(obj(p.organizationInfo).countryOfIncorporation);
    if (!country || c.rules.checks.countryOfIncorporation.allowed.includes(country)) return undefined;
    return { notes: `The company is incorporated in ${country}` };
  },

  shareholderCount: (p, c) => {
    const max = c.rules.checks.shareholderCount.maxShareholders;
    const n = list(p.signatoryInfo)
      .map((s) => obj(obj(s).kycDetails))
      .filter((k) => yes(k.isShareholder) || Number(k.shareHoldingPercentage) > 0).length;
    return n > max ? { notes: `${n} shareholders (at most ${max})` } : undefined;
  },

  blacklist: (p, c) => {
    const names = new Set(c.blacklist.map((b) => text(b.name)).filter(Boolean).map(nameKey));
    const licences = new Set(c.blacklist.map((b) => text(b.licenseNumber)).filter(Boolean).map(licenseKey));
    const candidates = blacklistCandidates(p);
    const hit = candidates.names.some((n) => names.has(nameKey(n))) || candidates.licences.some((l) => licences.has(licenseKey(l)));
    return hit ? { notes: "A name or trade license of the application is on the bank's list" } : undefined;
  },

  companyStakeholder: (p) =>
    list(p.signatoryInfo).some((s) => yes(obj(obj(s).kycDetails).isShareholderACompany)) ? { notes: 'A stakeholder is a company' } : undefined,

  tooManyStakeholders: (p, c) => {
    const max = c.rules.checks.tooManyStakeholders.maxStakeholders;
    const n = list(p.signatoryInfo).length;
    return n > max ? { notes: `${n} stakeholders (at most ${max})` } : undefined;
  },

  countryOfResidence: (p, c) => {
    const blocked = c.rules.checks.countryOfResidence.blocked;
    const hit = list(p.signatoryInfo)
      .map((s) => text(obj(obj(s).kycDetails).residenceCountry))
      .find((country) => blocked.includes(country));
    return hit ? { notes: `A stakeholder resides in ${hit}` } : undefined;
  },

  hawala: (p, c) =>
    c.rules.checks.hawala.values.includes(obj(p.orgKYCDetails).hawalaService) ? { notes: 'The company offers hawala services' } : undefined,

  documentsCount: (_p, c) => {
    const max = c.maxDocuments ?? c.rules.checks.documentsCount.maxDocuments;
    return c.documentsUploaded >= max ? { notes: `${c.documentsUploaded} documents uploaded (at most ${max})` } : undefined;
  },
};

/** The agent's code, when the application came through one (and it was not found invalid). */
function hasRoCode(prospect: Obj): boolean {
  const applicant = obj(prospect.applicantInfo);
  return text(applicant.roCode) !== '' && applicant.validRoCode !== 'N';
}

/**
 * Runs every enabled check of the rules on the prospect. Pure: the context carries the lookups and the date.
 * Overall: the first outcome of rules.outcomePrecedence (DECLINE > INELIGIBLE > PENDING > WITH_RO > SUCCESS)
 * among the matched checks; when none matched, WITH_RO if the application carries an agent code, else SUCCESS.
 */
export function runScreening(prospect: unknown, context: ScreeningContext): ScreeningOutcome {
  const p = obj(prospect);
  const screeningResults: ScreeningResult[] = [];
  for (const name of CHECK_NAMES) {
    const rule = context.rules.checks[name];
    if (rule.enabled === false) continue;
    const hit = CHECKS[name](p, context);
    screeningResults.push(
      hit
        ? { screeningType: rule.screeningType, screeningStatus: hit.outcome ?? rule.outcome, screeningReason: rule.screeningType, screeningFlag: true, screeningNotes: hit.notes }
        : { screeningType: rule.screeningType, screeningStatus: 'SUCCESS', screeningReason: 'No Match', screeningFlag: false },
    );
  }
  const found = new Set<Outcome>(screeningResults.map((r) => r.screeningStatus));
  found.add(hasRoCode(p) ? 'WITH_RO' : 'SUCCESS');
  const statusOverAll = context.rules.outcomePrecedence.find((o) => found.has(o)) ?? 'SUCCESS';
  return { statusOverAll, screeningResults };
}
