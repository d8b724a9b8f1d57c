/** What the save benchmark's load generator (loadGenerator.ts) is asked to do and what it answers. */
export interface LoadJob {
  mode: 'save' | 'echo';
  /** Save bodies: the whole company section as a full save, or a JSON Patch of the one field that changed. */
  body: 'full' | 'patch';
  url: string;
  publicKey: string;
  accessToken: string;
  /** One application per client: the save loop PUTs to its own prospect, at its version. */
  prospects: { id: string; version: number }[];
  clients: number;
  seconds: number;
  /**
   * How the clients run AES-GCM: WebCrypto as a browser does (the default), or node:crypto in the generator's thread
   * (`node`: the same cipher, the same bytes on the wire, less of the generator's CPU on the machine it shares with
   * the servers). The echo runs are made the same way as the saves they are compared with.
   */
  clientCipher?: 'webcrypto' | 'node';
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
  /** CPU time of the generator (sealing requests, opening answers, HTTP) per request, ms, warm-up included. */
  generatorCpuMs: number;
  /** Each application's version at the end (the next run of the same applications starts from it). */
  versions: number[];
  /** Mean size of a request's (encrypted) body in bytes. */
  bytesPerRequest: number;
  /** Mean size of an answer's body in bytes (what the client reads and, for a save, decrypts). */
  answerBytes: number;
  /** Mean size of an answer's header lines in bytes (each client's first answer: what its HTTP parser reads besides the body). */
  answerHeaderBytes: number;
  /** CPU time of the server process (all its threads) per request, ms, warm-up included (set by runLoad). */
  serverCpuMs?: number;
  /** The part of serverCpuMs spent in the kernel (socket reads and writes, to the clients and to the database). */
  serverSystemCpuMs?: number;
  /**
   * CPU time per request, ms, of the server's PostgreSQL backends and of PostgreSQL's WAL writer, checkpointer and
   * background writer (set by runLoad for a server on PostgreSQL; the writers also work for other users).
   */
  postgresCpuMs?: number;
  /** When the clients ran (the generator's monotonic clock, µs): the window of its profile (--profile). */
  clientsRan?: { from: number; to: number };
  /** Saves per group statement the server made in the run, warm-up included (its /api/metrics; save runs only). */
  savesPerStatement?: number;
}

/**
 * The body of the n-th save (an applicant typing company details), as the browser's save queue sends it: the
 * whole company section, or (`patch`) a JSON Patch of the company name against the version held.
 */
export const saveBody = (n: number, version: number, body: LoadJob['body'] = 'full') =>
  body === 'patch' ? { patch: [{ op: 'add', path: '/organizationInfo/companyName', value: `Falcon Trading ${n % 1000} LLC` }], saveType: 'auto', version } : fullBody(n, version);

const fullBody = (n: number, version: number) => ({
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
