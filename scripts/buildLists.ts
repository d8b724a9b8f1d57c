/**
 * Builds the reference lists in `schemas/lists/` from the bank's datalist (../shared/reference/datalist.json
 * by default, or the path given). Run after the datalist changes: `npm run build:lists [-- path]`.
 * Each list becomes { name, title, options: [{ value, label, children? }] }; derived lists (Islamic industry
 * list, UAE-only authorities, ...) are built here too so that they stay in step with their source.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { ListOption, ReferenceList } from '../src/validation/lists';

interface RawItem {
  code: string;
  value: string | boolean;
  displayText: string;
  subGroup?: RawItem[] | null;
}

const root = fileURLToPath(new URL('..', import.meta.url));
const source = process.argv[2] ?? join(root, '..', 'shared', 'reference', 'datalist.json');
const outDir = join(root, 'schemas', 'lists');

const TITLES: Record<string, string> = {
  countryOfIncorporation: 'Country of incorporation',
  countryCode: 'Country code',
  companyCategory: 'Company category',
  industry: 'Industry',
  industrySubCategory: 'Industry sub-category',
  licenseIssuingAuthority: 'License issuing authority',
  salutation: 'Salutation',
  authorityType: 'Authority type',
  accountCurrencies: 'Account currencies',
  branchCity: 'Emirate / City and branch',
  branchID: 'Branch',
  constitutionType: 'Consent status',
  emirate: 'Emirate',
  gender: 'Gender',
  maritalStatus: 'Marital status',
  qualification: 'Education',
  wealthType: 'Source of wealth',
  employmentType: 'Employment type',
  emirateCity: 'Emirate / City',
  designation: 'Designation',
  country: 'Country',
  nationality: 'Nationality',
  spaceType: 'Type of space occupied',
  flag: 'Yes / No',
  accountSignType: 'Signing preference',
  YesNoList: 'Yes / No',
};

/** Industries and sub-categories not offered to Islamic banking customers (not Sharia-compliant). */
const ISLAMIC_EXCLUDED = /ALCOHOL|ALCHO|LIQUOR|WINE|TOBACCO|PORK|GAMBLING|CASINO|NIGHT ?CLUB/i;

/**
 * Spelling slips of the bank's datalist, corrected in the labels people read (the codes the bank gets stay as
 * they are). Reviewed against the datalist for issue 14; test/unit/lists.test.ts refuses them coming back.
 */
export const LABEL_FIXES: [RegExp, string][] = [
  [/\bALCHOHOLIC\b/g, 'ALCOHOLIC'],
  [/\bALUMININUM\b/g, 'ALUMINIUM'],
  [/\bANTARTICA\b/gi, 'Antarctica'],
  [/\bAPPLIANCANCES\b/g, 'APPLIANCES'],
  [/\bFURNSHINGS\b/g, 'FURNISHINGS'],
  [/\bFurnshings\b/g, 'Furnishings'],
  [/\bINCLUDLING\b/g, 'INCLUDING'],
  [/\bIncludling\b/g, 'Including'],
  [/\bPRODUSCTS\b/g, 'PRODUCTS'],
  [/\bRESIDENCIAL\b/g, 'RESIDENTIAL'],
  [/CUSTOMS&FREEZON\b/g, 'CUSTOMS & FREE ZONE'],
  [/\bIBN Battutta\b/g, 'Ibn Battuta'],
  [/\bEmmar\b/g, 'Emaar'],
  [/^Dragon Mart 1, Branch$/g, 'Dragon Mart 1 Branch'],
  [/^Columbia$/g, 'Colombia'],
  [/\bJan Mayan\b/g, 'Jan Mayen'],
  [/^Turka and Caicos Is$/g, 'Turks and Caicos Islands'],
  [/\bMonserrat\b/gi, 'Montserrat'],
  [/\bOutlaying\b/gi, 'Outlying'],
  [/\bFasso\b/gi, 'Faso'],
];

/**
 * Country names the datalist cut at 20 characters or shortened ("British Indian Oc Te"), written in full as the
 * Arabic list has them (test/unit/listLabels.test.ts refuses a label ending in such a fragment).
 */
export const CUT_NAMES: Record<string, string> = {
  'British Indian Oc Te': 'British Indian Ocean Territory',
  'Central African Rep': 'Central African Republic',
  'Cocos (Keeling) Is': 'Cocos (Keeling) Islands',
  'French Sthn Terr.': 'French Southern Territories',
  'Heard and McDonald Is': 'Heard Island and McDonald Islands',
  'Lao Peoples Dem Rep': "Lao People's Democratic Republic",
  'Libyan Arab Jamah': 'Libya',
  'Northern Mariana Is': 'Northern Mariana Islands',
  'South Georgia-St-ISL': 'South Georgia and the South Sandwich Islands',
  'St Vincent and the Gre': 'St Vincent and the Grenadines',
  'Tanzania, Utd Rep of': 'Tanzania, United Republic of',
  'US Minor Outlying I': 'US Minor Outlying Islands',
  'Virgin Islands, Brit': 'Virgin Islands, British',
  'Wallis and Futuna Is': 'Wallis and Futuna Islands',
};

const fixLabel = (label: string) => {
  const fixed = LABEL_FIXES.reduce((text, [wrong, right]) => text.replace(wrong, right), label);
  return CUT_NAMES[fixed] ?? fixed;
};

function option(item: RawItem): ListOption {
  const opt: ListOption = { value: String(item.code), label: fixLabel(item.displayText.trim()) };
  if (item.subGroup && item.subGroup.length) opt.children = item.subGroup.map(option);
  return opt;
}

function islamic(options: ListOption[]): ListOption[] {
  return options
    .filter((o) => !ISLAMIC_EXCLUDED.test(o.label))
    .map((o) => (o.children ? { ...o, children: o.children.filter((c) => !ISLAMIC_EXCLUDED.test(c.label)) } : o));
}

const raw = JSON.parse(await readFile(source, 'utf8')) as Record<string, RawItem[]>;
const lists: ReferenceList[] = Object.entries(raw).map(([name, items]) => ({
  name,
  title: TITLES[name] ?? name,
  options: items.map(option),
}));
/**
 * The bank's designations are occupations (CEO, construction worker, doctor...): the one a business owner picks is
 * named so, and all read in sentence case like the other short lists (codes unchanged).
 */
const DESIGNATION_LABELS: Record<string, string> = { C1: 'CEO / Business owner', CW1: 'Construction worker', D1: 'Doctor', E1: 'Engineer', T1: 'Teacher' };
for (const o of lists.find((l) => l.name === 'designation')?.options ?? []) o.label = DESIGNATION_LABELS[o.value] ?? o.label;
const industry = lists.find((l) => l.name === 'industry')!;
lists.push({ name: 'industryIslamic', title: 'Industry (Islamic banking)', options: islamic(industry.options) });

await mkdir(outDir, { recursive: true });
for (const list of lists) {
  await writeFile(join(outDir, `${list.name}.json`), JSON.stringify(list, null, 2) + '\n');
}
console.log(`wrote ${lists.length} lists to schemas/lists/`);
