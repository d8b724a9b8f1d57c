/**
 * Writes fixtures/prospect/fiftyStakeholders.json: a complete, valid prospect of a private joint-stock company
 * with the maximum of 50 person stakeholders, each holding 2 % (100 % together). Every tenth stakeholder
 * (1st, 11th, 21st, 31st, 41st) is a signatory and answers the final questions; signing is 'Any of us can
 * sign' with AED, so each signatory has a name on the debit card. Mixed nationalities; most stakeholders live
 * in the UAE with an Emirates ID, some abroad; every fourth has a second passport.
 *
 * Deterministic (no clock, no randomness): running it again gives the same file byte for byte.
 *   npx tsx scripts/makeFiftyStakeholders.ts
 * The fixture is also the data of `npm run bench:validate`.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const STAKEHOLDER_COUNT = 50;
const OUT = fileURLToPath(new URL('../fixtures/prospect/fiftyStakeholders.json', import.meta.url));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Country {
  code: string;
  /** Dialling code (countryCode list). */
  dial: string;
  /** A possible mobile number of the country without the trunk prefix, minus its last 4 digits. */
  mobilePrefix: string;
  passportPrefix: string;
  city: string;
  street: string;
  district: string;
  postalCode: string;
}

/** Nationalities in turn; AE nationals need no home-country address. */
const COUNTRIES: Country[] = [
  { code: 'AE', dial: '971', mobilePrefix: '50123', passportPrefix: 'N', city: 'Dubai', street: 'Al Wasl Road, Villa 18', district: 'Jumeirah 2', postalCode: '' },
  { code: 'IN', dial: '91', mobilePrefix: '984701', passportPrefix: 'Z', city: 'Kochi', street: '12 Marine Drive', district: 'Ernakulam', postalCode: '682031' },
  { code: 'PK', dial: '92', mobilePrefix: '300123', passportPrefix: 'AB', city: 'Karachi', street: 'House 7, Khayaban-e-Ittehad', district: 'DHA Phase 6', postalCode: '75500' },
  { code: 'EG', dial: '20', mobilePrefix: '100123', passportPrefix: 'A', city: 'Alexandria', street: '21 El Horreya Road', district: 'Sidi Gaber', postalCode: '21523' },
  { code: 'GB', dial: '44', mobilePrefix: '770090', passportPrefix: '50', city: 'Manchester', street: '44 Deansgate', district: 'City Centre', postalCode: 'M3 2EY' },
  { code: 'PH', dial: '63', mobilePrefix: '917123', passportPrefix: 'P', city: 'Quezon City', street: '88 Timog Avenue', district: 'South Triangle', postalCode: '1103' },
  { code: 'JO', dial: '962', mobilePrefix: '79123', passportPrefix: 'R', city: 'Amman', street: '15 Mecca Street', district: 'Um Uthaina', postalCode: '11821' },
  { code: 'LB', dial: '961', mobilePrefix: '7112', passportPrefix: 'LR', city: 'Beirut', street: '9 Rue Hamra', district: 'Ras Beirut', postalCode: '1103' },
];

/** Second passports (every fourth stakeholder): a country other than the first. */
const SECOND_PASSPORT = ['CA', 'AU', 'IE', 'NZ'];

type Salutation = 'MR.' | 'MS.' | 'MRS.';
/** Names by nationality: [first name, salutation], middle names [for a man, for a woman, none] and last names. */
const NAMES: Record<string, { first: [string, Salutation][]; middle: string[]; last: string[] }> = {
  AE: { first: [['Ahmed', 'MR.'], ['Mariam', 'MRS.'], ['Saeed', 'MR.'], ['Hessa', 'MS.'], ['Rashid', 'MR.'], ['Shamma', 'MS.'], ['Khalifa', 'MR.']], middle: ['Obaid', 'Salem', ''], last: ['Al Mansoori', 'Al Ketbi', 'Al Nuaimi', 'Al Shamsi', 'Al Dhaheri', 'Al Falasi', 'Al Suwaidi'] },
  IN: { first: [['Priya', 'MS.'], ['Rahul', 'MR.'], ['Anjali', 'MRS.'], ['Vikram', 'MR.'], ['Deepa', 'MRS.'], ['Arjun', 'MR.'], ['Kavya', 'MS.']], middle: ['Kumar', 'Lakshmi', ''], last: ['Nair', 'Pillai', 'Menon', 'Sharma', 'Iyer', 'Kapoor', 'Reddy'] },
  PK: { first: [['Bilal', 'MR.'], ['Sana', 'MS.'], ['Hamza', 'MR.'], ['Ayesha', 'MRS.'], ['Usman', 'MR.'], ['Hira', 'MS.'], ['Faisal', 'MR.']], middle: ['Tariq', 'Noor', ''], last: ['Qureshi', 'Sheikh', 'Siddiqui', 'Malik', 'Chaudhry', 'Butt', 'Raza'] },
  EG: { first: [['Mona', 'MRS.'], ['Karim', 'MR.'], ['Dina', 'MS.'], ['Mostafa', 'MR.'], ['Nour', 'MS.'], ['Tarek', 'MR.'], ['Yasmin', 'MRS.']], middle: ['Samir', 'Amira', ''], last: ['El Sayed', 'Mahmoud', 'Farouk', 'Hassan', 'Abdel Aziz', 'Fahmy', 'Mansour'] },
  GB: { first: [['James', 'MR.'], ['Charlotte', 'MS.'], ['Oliver', 'MR.'], ['Emma', 'MRS.'], ['Thomas', 'MR.'], ['Sophie', 'MS.'], ['George', 'MR.']], middle: ['Edward', 'Jane', ''], last: ['Thompson', 'Clarke', 'Whitfield', 'Hughes', 'Bennett', 'Carter', 'Walsh'] },
  PH: { first: [['Maria', 'MS.'], ['Jose', 'MR.'], ['Joy', 'MRS.'], ['Mark', 'MR.'], ['Grace', 'MS.'], ['Paolo', 'MR.'], ['Angela', 'MRS.']], middle: ['Luis', 'Rosa', ''], last: ['Santos', 'Reyes', 'Dela Cruz', 'Garcia', 'Mendoza', 'Bautista', 'Villanueva'] },
  JO: { first: [['Yousef', 'MR.'], ['Rania', 'MRS.'], ['Omar', 'MR.'], ['Lina', 'MS.'], ['Zaid', 'MR.'], ['Dana', 'MS.'], ['Khaled', 'MR.']], middle: ['Sami', 'Huda', ''], last: ['Haddad', 'Abu Ghazaleh', 'Masri', 'Khalil', 'Nasser', 'Tamimi', 'Qasem'] },
  LB: { first: [['Rami', 'MR.'], ['Nadine', 'MS.'], ['Georges', 'MR.'], ['Maya', 'MRS.'], ['Fadi', 'MR.'], ['Rita', 'MS.'], ['Elie', 'MR.']], middle: ['Antoine', 'Marie', ''], last: ['Khoury', 'Aoun', 'Haddad', 'Saab', 'Frem', 'Gemayel', 'Nassar'] },
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const date = (y: number, m: number, d: number) => `${y}-${pad(m, 2)}-${pad(d, 2)}`;
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

function passport(country: string, issuedBy: string, prefix: string, i: number, k: number, another: boolean): Json {
  const year = 2017 + ((i + k) % 8); // 2017..2024: within the last 10 years and not expired on 2026-01-15
  const month = 1 + ((i * 5 + k) % 12);
  const day = 1 + ((i * 3 + k) % 28);
  return {
    country,
    countryOfIssuance: issuedBy,
    passportNumber: `${prefix}${pad(1000000 + i * 7919 + k * 104729, 7)}`.slice(0, 9),
    passportIssueDate: date(year, month, day),
    passportExpiryDate: date(year + 10, month, day),
    hasAnotherCitizenship: another,
    diplomatPassport: false,
  };
}

export function makeStakeholder(i: number): Json {
  const country = pick(COUNTRIES, i);
  const names = NAMES[country.code]!;
  const round = Math.floor(i / COUNTRIES.length); // 0..6: the n-th stakeholder of this nationality
  const [firstName, salutation] = pick(names.first, round);
  const lastName = pick(names.last, round * 3);
  // middle: [for a man, for a woman, none]; every third stakeholder of a nationality has no middle name
  const middleName = round % 3 === 2 ? '' : salutation === 'MR.' ? names.middle[0]! : names.middle[1]!;
  const fullName = [firstName, middleName, lastName].filter(Boolean).join(' ');
  const isSignatory = i % 10 === 0;
  // Non-residents: foreign nationals whose index is 3 mod 7 (never a signatory here); everyone else lives in the UAE.
  const resident = country.code === 'AE' || isSignatory || i % 7 !== 3;
  const dual = country.code !== 'AE' && i % 4 === 1;
  const birthYear = 1960 + ((i * 7) % 40);
  const seq = pad(2837461 + i * 48271, 7);
  const mobile = resident ? `5${pick(['0', '2', '5', '6'], i)}${seq}` : `${country.mobilePrefix}${pad(1000 + i, 4)}`;
  const email = `${firstName}.${lastName.replace(/ /g, '')}${i + 1}@alwahaholding.ae`.toLowerCase();

  const passports: Json[] = [passport(country.code, resident ? 'AE' : country.code, country.passportPrefix, i, 0, dual)];
  if (dual) passports.push(passport(pick(SECOND_PASSPORT, i), pick(SECOND_PASSPORT, i), 'X', i, 1, false));

  const kycDetails: Record<string, Json> = {
    isShareholderACompany: false,
    dateOfBirth: date(birthYear, 1 + (i % 12), 1 + ((i * 11) % 28)),
    isPEP: i === 25,
    // A PEP answers the government-position questions (issue 18 item 1).
    ...(i === 25 ? { selfGovtPosition: 'Previously held', relativeGovtPosition: 'Never held' } : {}),
    isSignatory,
    isShareholder: true,
    shareHoldingPercentage: 2,
    nationality: country.code,
    dualCitizenship: dual,
    ...(dual ? { dualCitizenshipCountry: pick(SECOND_PASSPORT, i) } : {}),
    passportDetails: passports,
    residenceStatus: resident ? 'RESIDENT' : 'NON_RESIDENT',
    residenceCountry: resident ? 'AE' : country.code,
    isUAEResident: resident,
    emirateIdDetails: resident
      ? { eidNumber: `784${birthYear}${seq}${i % 10}`, eidExpiryDt: date(2027 + (i % 5), 1 + ((i * 7) % 12), 1 + ((i * 13) % 28)) }
      : { eidNumber: null, eidExpiryDt: null },
  };

  const stakeholder: Record<string, Json> = {
    salutation,
    firstName,
    ...(middleName ? { middleName } : {}),
    lastName,
    fullName,
    kycDetails,
    accountSigningInfo: isSignatory ? { authorityType: '4' } : { authorityType: null },
    isUSrelation: isSignatory ? false : null,
    contactDetails: {
      primaryEmail: email,
      primaryMobCountryCode: resident ? '971' : country.dial,
      primaryMobileNo: mobile,
      primaryHomeCountryCode: country.dial,
      primaryHomeNo: country.code === 'AE' ? `4${seq}` : `${country.mobilePrefix}${pad(2000 + i, 4)}`,
    },
  };

  if (isSignatory) {
    stakeholder.personalDetails = {
      maritalStatus: pick(['M', 'S', 'O'], i),
      // OTHERS says what it is (issue 18 item 1).
      ...(pick(['M', 'S', 'O'], i) === 'O' ? { maritalStatusOthers: 'Divorced' } : {}),
      mothersMaidenName: `${pick(['Fatima', 'Sarah', 'Aisha', 'Grace', 'Leila'], i)} ${pick(names.last, round + 2)}`,
      education: pick(['2', '3', '1'], i),
    };
    if (country.code !== 'AE') {
      stakeholder.addressInfo = [
        {
          typeOfAddress: 'HomeCountry',
          addressDetails: {
            addressLine1: country.street,
            addressLine2: country.district,
            city: country.city,
            ...(country.postalCode ? { postalCode: country.postalCode } : {}),
            country: country.code,
          },
        },
      ];
    }
    stakeholder.employmentDetails = { employmentType: 'Salaried', employerName: 'Al Waha Trading Holding PrJSC', designation: i === 0 ? 'C1' : 'E1' };
    stakeholder.sourceOfWealth = { wealthType: i === 0 ? ['1', '2'] : ['1'] };
    // The UAE address (final questions, signatory step 4): the first signatory's is the company's office address, the others type their own.
    stakeholder.sameAsCompanyAddress = i === 0;
    stakeholder.uaeAddress =
      i === 0
        ? { typeOfAddress: 'Residence', flatVillaNumber: 'Floor 21', street: 'Sheikh Zayed Road, Trade Centre 1', landmark: 'Opposite Dubai World Trade Centre', poBox: '114522', emirateCity: 'DXB', country: 'AE', preferredAddress: 'Y' }
        : { typeOfAddress: 'Residence', flatVillaNumber: `Flat ${100 + i}`, street: 'Al Khail Road, Business Bay', poBox: `${40000 + i}`, emirateCity: 'DXB', country: 'AE', preferredAddress: 'Y' };
    stakeholder.debitCardInfo = { authSignatoryDetails: { nameOnDebitCard: `${firstName} ${lastName}`.toUpperCase().slice(0, 19).trim() } };
  }
  return stakeholder;
}

export function makeFixture(): Json {
  const signatoryInfo = Array.from({ length: STAKEHOLDER_COUNT }, (_, i) => makeStakeholder(i));
  // The applicant is the first stakeholder (chairman, signatory).
  const first = signatoryInfo[0] as { fullName: string; contactDetails: { primaryEmail: string; primaryMobileNo: string } };
  const applicant = { fullName: first.fullName, email: first.contactDetails.primaryEmail, mobileNo: first.contactDetails.primaryMobileNo };
  return {
    schema: 'prospect',
    description:
      'A complete private joint-stock company with the maximum of 50 person stakeholders, 2 % each; 5 of them signatories (any of us can sign, AED with debit cards). Generated by scripts/makeFiftyStakeholders.ts: edit the script, not this file.',
    today: '2026-01-15',
    data: {
      applicantInfo: {
        fullName: applicant.fullName,
        email: applicant.email,
        countryCode: '971',
        mobileNo: applicant.mobileNo,
        applyOnbehalf: false,
      },
      applicationInfo: { accountType: 'currentAccount', islamicBanking: false, rakValuePackage: 'RAKvalue PLUS', express: false },
      accountInfo: [
        {
          accountCurrencies: ['AED', 'USD'],
          receiveInterest: true,
          express: false,
          debitCardApplied: true,
          chequeBookApplied: true,
          eStatements: true,
          mailStatements: false,
        },
      ],
      organizationInfo: {
        companyName: 'Al Waha Trading Holding PrJSC',
        vatRegistrationNumber: '100789456100003',
        noOfEmployees: 420,
        corporateTaxId: 'TRN-1007894561',
        corporateTaxIdRegDate: '2024-03-01',
        licenseNumber: 'CN-1189034',
        licenseIssueDate: '2025-07-01',
        licenseIssuingAuthority: 'DED',
        countryOfIncorporation: 'AE',
        dateOfIncorporation: '2008-07-01',
        addressInfo: [
          {
            typeOfAddress: 'Office',
            officeAddressDifferent: 'N',
            addressDetails: {
              officeNumber: 'Floor 21',
              street: 'Sheikh Zayed Road, Trade Centre 1',
              landmark: 'Opposite Dubai World Trade Centre',
              poBox: '114522',
              emirateCity: 'DXB',
              spaceType: '1',
              country: 'AE',
              preferredAddress: 'Y',
            },
          },
        ],
        contactDetails: {
          primaryEmail: 'treasury@alwahaholding.ae',
          primaryMobCountryCode: '971',
          primaryMobileNo: applicant.mobileNo,
          primaryPhoneCountryCode: '971',
          primaryPhoneNo: '43309900',
        },
        accountSigningInfo: { accountSigningType: '100' },
        contactDetailsForTxnReconfirming: [
          { TxnReconfirmingfullname: applicant.fullName, primaryMobCountryCode: '971', primaryMobileNo: applicant.mobileNo },
        ],
        branchCity: '4',
        branchID: '055',
      },
      orgKYCDetails: {
        companyCategory: 'PRJSC',
        yearsInBusiness: 17,
        industryMultiSelect: [
          { industry: 'GT', subCategory: '85' },
          { industry: 'WST', subCategory: '267' },
        ],
        topCustomers: [
          { name: 'Carrefour MAF Retail', country: 'AE' },
          { name: 'Oman Oil Marketing Company', country: 'OM' },
        ],
        dontHaveSuppliersYet: false,
        topSuppliers: [
          { name: 'Samsung Gulf Electronics FZE', country: 'AE' },
          { name: 'Tata International Ltd', country: 'IN' },
        ],
        dontTradeGoodsYet: false,
        topOriginGoodsCountries: ['CN', 'IN', 'KR'],
        otherBankingRelationshipsExist: 'Y',
        otherBankingRelationships: [{ bankName: 'First Abu Dhabi Bank' }, { bankName: 'Mashreq Bank' }],
        isDealingWithSanctionedCountries: 'N',
        entitiesInUAE: 'N',
        entitiesOutsideUAE: 'N',
        anticipatedTransactionsDetails: {
          annualTurnover: 125000000,
          totalMonthlyCredits: 10500000,
          monthlyCashCredits: 525000,
          monthlyCashCreditsPercent: 5,
          monthlyNonCashCredits: 9975000,
          monthlyNonCashCreditsPercent: 95,
          maxSingleCashTransaction: 200000,
          maxSingleNonCashTransaction: 6000000,
        },
        hawalaService: 'N',
        isCompanyUSEntity: 'N',
        isDNFBP: 'N',
        isFinancialInstitution: 'N',
        nfeType: 'Active',
      },
      signatoryInfo,
    },
    expect: [],
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(OUT, `${JSON.stringify(makeFixture(), null, 2)}\n`);
  console.log(`wrote ${OUT} (${STAKEHOLDER_COUNT} stakeholders)`);
}
