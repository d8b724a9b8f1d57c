import { isIsoDate, yearsSince } from '../../validation/dates';
import { CHECK_NAMES, type CheckName, type Outcome, type PepReason, type ScreeningRules } from './screeningRules';

/** Another application found by a lookup, with its latest screening outcome when it has one. */
export interface OtherApplication {
  prospectId: string;
  statusOverAll?: Outcome | null;
}

export interface BlacklistEntry {
  name?: string | null;
  licenseNumber?: string | null;
}

/** What an entry of the bank's screening lists (table screening_list_entries) holds. */
export type ListKind = 'name' | 'emiratesId' | 'passport' | 'license';

/** An entry of the negative list or of the Firco sanctions list: candidates looked up by the caller. */
export interface ScreeningListEntry {
  kind: ListKind;
  value: string;
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
  /** Negative-list entries to compare with (candidates looked up by identity document and licence number). */
  negativeList?: ScreeningListEntry[];
  /** Firco sanctions-list entries to compare with (candidates looked up by name). */
  firco?: ScreeningListEntry[];
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
  /** A code of lists/screeningReasonCode.json (the PEP Check's RSNLP, RSN2, RSNRFO); for agents and the bank. */
  reasonCode?: string;
  /** The reasons in words, for agents. */
  reasonNotes?: string;
}

/** The checks that look at one stakeholder, reported for that stakeholder. */
export interface SignatoryScreening {
  signatoryId?: string;
  /** Position in signatoryInfo (when the stakeholder has no signatoryId yet). */
  index: number;
  name: string;
  statusOverAll: Outcome;
  screeningResults: ScreeningResult[];
}

export interface ScreeningOutcome {
  statusOverAll: Outcome;
  screeningResults: ScreeningResult[];
  /** Per stakeholder (signatoryInfo order): Blacklist, Country of Residence (persons), Negative List, Company Firco (stakeholder companies) and PEP checks. */
  signatories?: SignatoryScreening[];
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

/** The key of a name on the screening lists (screening_list_entries.value_key): lower-case words of letters and digits. */
export const listNameKey = (v: string) => v.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
/** The key of an identity document or licence number on the screening lists: upper-case letters and digits. */
export const listIdKey = (v: string) => v.replace(/[^A-Za-z0-9]+/g, '').toUpperCase();

/** A name key without its trailing legal forms ('falcon trading l l c' → 'falcon trading'); never empty. */
export function withoutLegalForm(key: string, suffixes: string[]): string {
  const forms = suffixes.map(listNameKey).filter(Boolean).sort((a, b) => b.length - a.length);
  let out = key;
  for (let changed = true; changed; ) {
    changed = false;
    for (const form of forms) {
      if (out.endsWith(` ${form}`)) {
        out = out.slice(0, -(form.length + 1)).trim();
        changed = true;
      }
    }
  }
  return out || key;
}

const isCompany = (s: Obj) => yes(obj(s.kycDetails).isShareholderACompany);

/** The identity documents of one stakeholder (Emirates ID, passports; a stakeholder company's trade licence). */
function stakeholderIds(s: Obj): ScreeningListEntry[] {
  const k = obj(s.kycDetails);
  const ids: ScreeningListEntry[] = [];
  const eid = text(obj(k.emirateIdDetails).eidNumber);
  if (eid) ids.push({ kind: 'emiratesId', value: eid });
  for (const p of list(k.passportDetails).map(obj)) if (text(p.passportNumber)) ids.push({ kind: 'passport', value: text(p.passportNumber) });
  const licence = text(obj(s.signatoryCompanyInfo).tradeLicenseNo);
  if (licence) ids.push({ kind: 'license', value: licence });
  return ids;
}

/** The names (company, stakeholder companies) and identity documents the Negative List and Company Firco checks compare. */
export function screeningListCandidates(prospect: unknown): { names: string[]; ids: ScreeningListEntry[] } {
  const p = obj(prospect);
  const org = obj(p.organizationInfo);
  const stakeholders = list(p.signatoryInfo).map(obj);
  const companyNames = stakeholders.filter(isCompany).map((s) => text(obj(s.signatoryCompanyInfo).companyName));
  return {
    names: [text(org.companyName), ...companyNames].filter(Boolean),
    ids: [...(text(org.licenseNumber) ? [{ kind: 'license' as const, value: text(org.licenseNumber) }] : []), ...stakeholders.flatMap(stakeholderIds)],
  };
}

const onList = (entries: ScreeningListEntry[] | undefined, candidates: ScreeningListEntry[]) => {
  const keys = new Set((entries ?? []).map((e) => `${e.kind}:${listIdKey(e.value)}`));
  return candidates.some((c) => listIdKey(c.value) !== '' && keys.has(`${c.kind}:${listIdKey(c.value)}`));
};

const fircoMatch = (c: ScreeningContext, name: string) => {
  const suffixes = c.rules.checks.companyFirco.ignoreSuffixes;
  const key = withoutLegalForm(listNameKey(name), suffixes);
  return key !== '' && (c.firco ?? []).some((e) => e.kind === 'name' && withoutLegalForm(listNameKey(e.value), suffixes) === key);
};

const PEP_WORDS: Record<PepReason, string> = {
  localPep: 'A politically exposed person',
  rulingFamilyOwner: 'Owned by a member of a ruling family',
  flexiDesk: 'The company occupies a flexi desk',
};

/** A check's match: what matched in words, optionally its own outcome and the reasons (PEP Check). */
interface Hit {
  notes: string;
  outcome?: Outcome;
  reasons?: PepReason[];
}

/** A check returns undefined when it passes, or a note saying what matched (and optionally its own outcome). */
type Check = (prospect: Obj, context: ScreeningContext) => undefined | Hit;

/** The part of a check about one stakeholder (the Blacklist, Country of Residence, Negative List, Company Firco and PEP checks). */
type StakeholderCheck = (stakeholder: Obj, context: ScreeningContext) => undefined | Hit;

/** Whether any of the names or licence numbers is on the bank's blacklist (compared as the table's keys). */
const onBlacklist = (c: ScreeningContext, names: string[], licences: string[]) => {
  const listedNames = new Set(c.blacklist.map((b) => text(b.name)).filter(Boolean).map(nameKey));
  const listedLicences = new Set(c.blacklist.map((b) => text(b.licenseNumber)).filter(Boolean).map(licenseKey));
  return names.some((n) => n !== '' && listedNames.has(nameKey(n))) || licences.some((l) => l !== '' && listedLicences.has(licenseKey(l)));
};

const STAKEHOLDER_CHECKS: Partial<Record<CheckName, StakeholderCheck>> = {
  blacklist: (s, c) => {
    const company = obj(s.signatoryCompanyInfo);
    const names = isCompany(s) ? [text(company.companyName)] : [stakeholderName(s)];
    const licences = isCompany(s) ? [text(company.tradeLicenseNo)] : [];
    return onBlacklist(c, names, licences) ? { notes: `The ${isCompany(s) ? "name or trade license of this stakeholder company" : 'name of this stakeholder'} is on the bank's list` } : undefined;
  },
  countryOfResidence: (s, c) => {
    const country = text(obj(s.kycDetails).residenceCountry);
    return country && c.rules.checks.countryOfResidence.blocked.includes(country) ? { notes: `This stakeholder resides in ${country}` } : undefined;
  },
  negativeList: (s, c) => (onList(c.negativeList, stakeholderIds(s)) ? { notes: "An identity document of this stakeholder is on the bank's negative list" } : undefined),
  companyFirco: (s, c) => {
    if (!isCompany(s)) return undefined;
    const name = text(obj(s.signatoryCompanyInfo).companyName);
    return name && fircoMatch(c, name) ? { notes: 'The name of this stakeholder company is a possible match of the sanctions list' } : undefined;
  },
  pep: (s) => {
    const company = obj(s.signatoryCompanyInfo);
    if (isCompany(s) && company.isMemberofRulingFamily === true) return { notes: PEP_WORDS.rulingFamilyOwner, reasons: ['rulingFamilyOwner'] };
    return obj(s.kycDetails).isPEP === true ? { notes: PEP_WORDS.localPep, reasons: ['localPep'] } : undefined;
  },
};

/** Which stakeholder checks apply to a stakeholder (Company Firco compares names of companies only; only a person has a country of residence). */
const appliesTo = (name: CheckName, s: Obj) => (name === 'companyFirco' ? isCompany(s) : name === 'countryOfResidence' ? !isCompany(s) : true);

const stakeholderHits = (name: CheckName, p: Obj, c: ScreeningContext): Hit[] =>
  list(p.signatoryInfo)
    .map(obj)
    .map((s) => STAKEHOLDER_CHECKS[name]!(s, c))
    .filter((h): h is Hit => !!h);

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
    const candidates = blacklistCandidates(p);
    return onBlacklist(c, candidates.names, candidates.licences) ? { notes: "A name or trade license of the application is on the bank's list" } : undefined;
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

  negativeList: (p, c) => {
    const licence = text(obj(p.organizationInfo).licenseNumber);
    if (licence && onList(c.negativeList, [{ kind: 'license', value: licence }])) return { notes: "The company's trade license is on the bank's negative list" };
    const n = stakeholderHits('negativeList', p, c).length;
    return n ? { notes: `An identity document of ${n} stakeholder(s) is on the bank's negative list` } : undefined;
  },

  offshoreCompany: (p, c) => {
    const rule = c.rules.checks.offshoreCompany;
    if (rule.companyCategories.includes(text(obj(p.orgKYCDetails).companyCategory))) return { notes: 'The company is an off-shore entity' };
    const offshore = list(p.signatoryInfo)
      .map(obj)
      .filter(isCompany)
      .map((s) => text(obj(s.signatoryCompanyInfo).countryOfIncorporation))
      .find((country) => rule.jurisdictions.includes(country));
    return offshore ? { notes: `A stakeholder company is incorporated in ${offshore}` } : undefined;
  },

  companyFirco: (p, c) => {
    const name = text(obj(p.organizationInfo).companyName);
    if (name && fircoMatch(c, name)) return { notes: "The company's name is a possible match of the sanctions list" };
    const n = stakeholderHits('companyFirco', p, c).length;
    return n ? { notes: `The name of ${n} stakeholder company(ies) is a possible match of the sanctions list` } : undefined;
  },

  pep: (p, c) => {
    const rule = c.rules.checks.pep;
    const reasons: PepReason[] = [];
    if (rule.rulingFamilyCategories.includes(text(obj(p.orgKYCDetails).companyCategory))) reasons.push('rulingFamilyOwner');
    const spaces = list(obj(p.organizationInfo).addressInfo).map((a) => text(obj(obj(a).addressDetails).spaceType));
    if (spaces.some((t) => rule.flexiDeskSpaceTypes.includes(t))) reasons.push('flexiDesk');
    for (const hit of stakeholderHits('pep', p, c)) reasons.push(...(hit.reasons ?? []));
    const distinct = [...new Set(reasons)];
    return distinct.length ? { notes: 'Enhanced due diligence is needed', reasons: distinct } : undefined;
  },
};

/** A result of a check: SUCCESS and 'No Match', or its outcome with the notes and the reason codes of the match. */
function resultOf(name: CheckName, hit: Hit | undefined, context: ScreeningContext): ScreeningResult {
  const rule = context.rules.checks[name];
  if (!hit) return { screeningType: rule.screeningType, screeningStatus: 'SUCCESS', screeningReason: 'No Match', screeningFlag: false };
  const codes = context.rules.checks.pep.reasonCodes;
  return {
    screeningType: rule.screeningType,
    screeningStatus: hit.outcome ?? rule.outcome,
    screeningReason: rule.screeningType,
    screeningFlag: true,
    screeningNotes: hit.notes,
    ...(hit.reasons?.length ? { reasonCode: codes[hit.reasons[0]!], reasonNotes: hit.reasons.map((r) => `${codes[r]}: ${PEP_WORDS[r]}`).join('; ') } : {}),
  };
}

const overall = (results: ScreeningResult[], context: ScreeningContext, otherwise: Outcome): Outcome => {
  const found = new Set<Outcome>(results.map((r) => r.screeningStatus));
  found.add(otherwise);
  return context.rules.outcomePrecedence.find((o) => found.has(o)) ?? 'SUCCESS';
};

/** The per-stakeholder results: every enabled stakeholder check that applies to the stakeholder. */
function signatoryResults(p: Obj, context: ScreeningContext): SignatoryScreening[] {
  const names = CHECK_NAMES.filter((n) => STAKEHOLDER_CHECKS[n] && context.rules.checks[n].enabled !== false);
  return list(p.signatoryInfo)
    .map(obj)
    .map((s, index) => {
      const results = names.filter((n) => appliesTo(n, s)).map((n) => resultOf(n, STAKEHOLDER_CHECKS[n]!(s, context), context));
      const id = s.signatoryId === undefined || s.signatoryId === null ? undefined : String(s.signatoryId);
      const name = isCompany(s) ? text(obj(s.signatoryCompanyInfo).companyName) : stakeholderName(s);
      return { ...(id ? { signatoryId: id } : {}), index, name, statusOverAll: overall(results, context, 'SUCCESS'), screeningResults: results };
    });
}

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
  const screeningResults = CHECK_NAMES.filter((name) => context.rules.checks[name].enabled !== false).map((name) => resultOf(name, CHECKS[name](p, context), context));
  const statusOverAll = overall(screeningResults, context, hasRoCode(p) ? 'WITH_RO' : 'SUCCESS');
  return { statusOverAll, screeningResults, signatories: signatoryResults(p, context) };
}

/**
 * A screening outcome as the applicant may see it: the company-level results without the reason codes, and no
 * per-signatory results (agents read those: GET agent/prospects/{id}/screening).
 */
export function applicantScreening(outcome: ScreeningOutcome): ScreeningOutcome {
  return {
    statusOverAll: outcome.statusOverAll,
    screeningResults: outcome.screeningResults.map(({ reasonCode: _c, reasonNotes: _n, ...rest }) => rest),
  };
}
