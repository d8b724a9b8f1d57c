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
const ISLAMIC_EXCLUDED = /ALCHO|LIQUOR|WINE|TOBACCO|PORK|GAMBLING|CASINO|NIGHT ?CLUB/i;

function option(item: RawItem): ListOption {
  const opt: ListOption = { value: String(item.code), label: item.displayText.trim() };
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
const industry = lists.find((l) => l.name === 'industry')!;
lists.push({ name: 'industryIslamic', title: 'Industry (Islamic banking)', options: islamic(industry.options) });

await mkdir(outDir, { recursive: true });
for (const list of lists) {
  await writeFile(join(outDir, `${list.name}.json`), JSON.stringify(list, null, 2) + '\n');
}
console.log(`wrote ${lists.length} lists to schemas/lists/`);
