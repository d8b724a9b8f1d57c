/** What the save benchmark's load generator (loadGenerator.ts) is asked to do and what it answers. */
export interface LoadJob {
  mode: 'save' | 'echo';
  url: string;
  publicKey: string;
  accessToken: string;
  /** One application per client: the save loop PUTs to its own prospect, at its version. */
  prospects: { id: string; version: number }[];
  clients: number;
  seconds: number;
  warmupSeconds: number;
}

export interface LoadResult {
  /** Requests answered in the measured seconds (warm-up not counted). */
  requests: number;
  /** Requests answered in all, warm-up included. */
  allRequests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Share of one core the generator used (1 = a whole core): near 1 would mean it, not the server, is the limit. */
  generatorCpu: number;
  /** CPU time of the server process (all its threads) per request, ms, warm-up included (set by runLoad). */
  serverCpuMs?: number;
  /** The part of serverCpuMs spent in the kernel (socket reads and writes, to the clients and to the database). */
  serverSystemCpuMs?: number;
}

/** The body of the n-th save (an applicant typing company details), as the browser's save queue sends it. */
export const saveBody = (n: number, version: number) => ({
  prospect: {
    organizationInfo: {
      companyName: `Falcon Trading ${n % 1000} LLC`,
      vatRegistrationNumber: '100234567800003',
      noOfEmployees: 12,
      corporateTaxId: 'TRN-1002345678',
      licenseNumber: 'CN-1234567',
      licenseIssueDate: '2021-03-04',
      licenseIssuingAuthority: 'DED',
      countryOfIncorporation: 'AE',
      dateOfIncorporation: '2021-03-01',
    },
    orgKYCDetails: { companyCategory: 'LLC', industryMultiSelect: [{ industry: 'GT', subCategory: '44' }] },
  },
  saveType: 'auto',
  version,
});
