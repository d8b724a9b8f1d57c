import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS_DIR } from '../../content/readContentDir';

export const OUTCOMES = ['DECLINE', 'INELIGIBLE', 'PENDING', 'WITH_RO', 'SUCCESS'] as const;
export type Outcome = (typeof OUTCOMES)[number];

interface CheckBase {
  screeningType: string;
  outcome: Outcome;
  /** false turns a check off (default on). */
  enabled?: boolean;
}

/** The rules of schemas/screening.json (see its $comment and src/server/screening/README.md). */
export interface ScreeningRules {
  outcomePrecedence: Outcome[];
  checks: {
    dedupe: CheckBase;
    applicationDedupe: CheckBase & { outcomeByOtherApplication: Partial<Record<Outcome, Outcome>> };
    virtualCurrency: CheckBase & { industries: string[]; subCategories: { industry?: string; subCategory: string }[] };
    starterAccount: CheckBase & { accountTypes: string[]; maxYearsInBusiness: number };
    countryOfIncorporation: CheckBase & { allowed: string[] };
    shareholderCount: CheckBase & { maxShareholders: number };
    blacklist: CheckBase;
    companyStakeholder: CheckBase;
    tooManyStakeholders: CheckBase & { maxStakeholders: number };
    countryOfResidence: CheckBase & { blocked: string[] };
    hawala: CheckBase & { values: unknown[] };
    documentsCount: CheckBase & { maxDocuments: number };
    negativeList: CheckBase;
    offshoreCompany: CheckBase & { companyCategories: string[]; jurisdictions: string[] };
    companyFirco: CheckBase & { ignoreSuffixes: string[] };
    pep: CheckBase & { reasonCodes: Record<PepReason, string>; rulingFamilyCategories: string[]; flexiDeskSpaceTypes: string[] };
  };
}

export type CheckName = keyof ScreeningRules['checks'];

/** The reasons of the PEP Check, each given a reason code of lists/screeningReasonCode.json by the rules. */
export const PEP_REASONS = ['localPep', 'rulingFamilyOwner', 'flexiDesk'] as const;
export type PepReason = (typeof PEP_REASONS)[number];

/** The checks in the order they are reported. */
export const CHECK_NAMES: CheckName[] = [
  'dedupe',
  'applicationDedupe',
  'virtualCurrency',
  'starterAccount',
  'countryOfIncorporation',
  'shareholderCount',
  'blacklist',
  'companyStakeholder',
  'tooManyStakeholders',
  'countryOfResidence',
  'hawala',
  'documentsCount',
  'negativeList',
  'offshoreCompany',
  'companyFirco',
  'pep',
];

const NUMBERS: Partial<Record<CheckName, string>> = {
  starterAccount: 'maxYearsInBusiness',
  shareholderCount: 'maxShareholders',
  tooManyStakeholders: 'maxStakeholders',
  documentsCount: 'maxDocuments',
};
const ARRAYS: Partial<Record<CheckName, string[]>> = {
  virtualCurrency: ['industries', 'subCategories'],
  starterAccount: ['accountTypes'],
  countryOfIncorporation: ['allowed'],
  countryOfResidence: ['blocked'],
  hawala: ['values'],
  offshoreCompany: ['companyCategories', 'jurisdictions'],
  companyFirco: ['ignoreSuffixes'],
  pep: ['rulingFamilyCategories', 'flexiDeskSpaceTypes'],
};

const isOutcome = (v: unknown): v is Outcome => (OUTCOMES as readonly unknown[]).includes(v);

/** Checks the shape of screening rules (e.g. before the studio publishes them); throws a readable error. */
export function parseScreeningRules(value: unknown): ScreeningRules {
  const problems: string[] = [];
  const rules = value as Record<string, unknown> | null;
  if (!rules || typeof rules !== 'object') throw new Error('screening.json must hold an object');
  const precedence = rules.outcomePrecedence;
  if (!Array.isArray(precedence) || precedence.length !== OUTCOMES.length || !OUTCOMES.every((o) => precedence.includes(o))) {
    problems.push(`outcomePrecedence must list each of ${OUTCOMES.join(', ')} once`);
  }
  const checks = (rules.checks ?? {}) as Record<string, Record<string, unknown> | undefined>;
  for (const name of CHECK_NAMES) {
    const check = checks[name];
    if (!check || typeof check !== 'object') {
      problems.push(`checks.${name} is missing`);
      continue;
    }
    if (typeof check.screeningType !== 'string' || !check.screeningType) problems.push(`checks.${name}.screeningType must be a text`);
    if (!isOutcome(check.outcome)) problems.push(`checks.${name}.outcome must be one of ${OUTCOMES.join(', ')}`);
    const num = NUMBERS[name];
    if (num && !(Number.isInteger(check[num]) && (check[num] as number) >= 0)) problems.push(`checks.${name}.${num} must be a whole number`);
    for (const list of ARRAYS[name] ?? []) if (!Array.isArray(check[list])) problems.push(`checks.${name}.${list} must be a list`);
  }
  const byOther = checks.applicationDedupe?.outcomeByOtherApplication;
  if (!byOther || typeof byOther !== 'object' || !Object.values(byOther).every(isOutcome)) {
    problems.push('checks.applicationDedupe.outcomeByOtherApplication must map outcomes to outcomes');
  }
  const codes = checks.pep?.reasonCodes as Record<string, unknown> | undefined;
  if (!codes || typeof codes !== 'object' || !PEP_REASONS.every((r) => typeof codes[r] === 'string' && codes[r] !== '')) {
    problems.push(`checks.pep.reasonCodes must give a reason code to each of ${PEP_REASONS.join(', ')}`);
  }
  if (problems.length) throw new Error(`screening.json: ${problems.join('; ')}`);
  return rules as unknown as ScreeningRules;
}

let bundled: ScreeningRules | undefined;

/** The rules of the repository's schemas/screening.json (used when the published content has none). */
export function bundledScreeningRules(): ScreeningRules {
  bundled ??= parseScreeningRules(JSON.parse(readFileSync(join(SCHEMAS_DIR, 'screening.json'), 'utf8')));
  return bundled;
}
