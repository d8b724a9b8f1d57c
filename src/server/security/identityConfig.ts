/** A staff account created at first start from environment variables (never from code). */
export interface SeedUser {
  username: string;
  password: string;
  displayName: string;
  roCode?: string;
  roles: ('agent' | 'product')[];
}

/**
 * Identity, one-time-code and limit settings (README "Configuration"). Every limit is a number of events per
 * window, counted in the database so it holds across server processes.
 */
export interface IdentityConfig {
  /** JWT_SECRET: HMAC key of access tokens (32+ characters); generated once into DATA_DIR/jwt-secret when unset. */
  jwtSecret?: string;
  /** ACCESS_TOKEN_TTL: lifetime of an access token, seconds (900). */
  accessTokenTtlSeconds: number;
  /** REFRESH_TOKEN_TTL: lifetime of a refresh token, seconds (28800 = 8 h). */
  refreshTokenTtlSeconds: number;
  /** SESSION_MAX_AGE: absolute session lifetime from sign-in, seconds (28800 = 8 h); no renewal goes past it. */
  sessionMaxAgeSeconds: number;
  /** PUBLIC_CLIENT_ID: the client_id the browser sends to the token calls ('quick-apply-web'). */
  publicClientId: string;
  /** OTP_TTL_SECONDS: validity of a one-time code (300). */
  otpTtlSeconds: number;
  /** OTP_MAX_ATTEMPTS: wrong attempts after which a code is dead (3). */
  otpMaxAttempts: number;
  /** OTP_RATE_PER_MOBILE / OTP_RATE_PER_IP per OTP_RATE_WINDOW seconds: code generation (3 and 10 per 600 s). */
  otpRatePerMobile: number;
  otpRatePerIp: number;
  otpRateWindowSeconds: number;
  /** Minutes within which a verified code lets the device obtain customer tokens (fixed: 10 min). */
  otpProofSeconds: number;
  /** LOGIN_MAX_FAILURES (per username, 5) and LOGIN_MAX_FAILURES_PER_IP (20) per LOGIN_LOCK_WINDOW seconds (900). */
  loginMaxFailures: number;
  loginMaxFailuresPerIp: number;
  loginLockWindowSeconds: number;
  /** TOKEN_RATE_PER_IP: token calls per minute and address (60). */
  tokenRatePerIp: number;
  /** SMTP_URL: e-mail through nodemailer (e.g. smtp://user:pass@host:587); the outbox table when unset. */
  smtpUrl?: string;
  /** MAIL_FROM: sender address of e-mails. */
  mailFrom: string;
  /** SEED_AGENT_*, SEED_PRODUCT_* and SEED_REVIEWER_*: staff accounts created at first start, when set. */
  seedUsers: SeedUser[];
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return n;
}

function seedUser(env: NodeJS.ProcessEnv, prefix: string, role: 'agent' | 'product', defaultName: string): SeedUser | undefined {
  const username = env[`${prefix}_USERNAME`];
  const password = env[`${prefix}_PASSWORD`];
  if (!username && !password) return undefined;
  if (!username || !password) throw new Error(`${prefix}_USERNAME and ${prefix}_PASSWORD must be set together`);
  if (password.length < 8) throw new Error(`${prefix}_PASSWORD must have at least 8 characters`);
  return {
    username,
    password,
    displayName: env[`${prefix}_NAME`] || defaultName,
    ...(env[`${prefix}_RO_CODE`] ? { roCode: env[`${prefix}_RO_CODE`] } : {}),
    roles: [role],
  };
}

export function loadIdentityConfig(env: NodeJS.ProcessEnv): IdentityConfig {
  const jwtSecret = env.JWT_SECRET || undefined;
  if (jwtSecret !== undefined && jwtSecret.length < 32) throw new Error('JWT_SECRET must have at least 32 characters');
  return {
    jwtSecret,
    accessTokenTtlSeconds: positiveInt(env, 'ACCESS_TOKEN_TTL', 900),
    refreshTokenTtlSeconds: positiveInt(env, 'REFRESH_TOKEN_TTL', 8 * 3600),
    sessionMaxAgeSeconds: positiveInt(env, 'SESSION_MAX_AGE', 8 * 3600),
    publicClientId: env.PUBLIC_CLIENT_ID || 'quick-apply-web',
    otpTtlSeconds: positiveInt(env, 'OTP_TTL_SECONDS', 300),
    otpMaxAttempts: positiveInt(env, 'OTP_MAX_ATTEMPTS', 3),
    otpRatePerMobile: positiveInt(env, 'OTP_RATE_PER_MOBILE', 3),
    otpRatePerIp: positiveInt(env, 'OTP_RATE_PER_IP', 10),
    otpRateWindowSeconds: positiveInt(env, 'OTP_RATE_WINDOW', 600),
    otpProofSeconds: 600,
    loginMaxFailures: positiveInt(env, 'LOGIN_MAX_FAILURES', 5),
    loginMaxFailuresPerIp: positiveInt(env, 'LOGIN_MAX_FAILURES_PER_IP', 20),
    loginLockWindowSeconds: positiveInt(env, 'LOGIN_LOCK_WINDOW', 900),
    tokenRatePerIp: positiveInt(env, 'TOKEN_RATE_PER_IP', 60),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Quick Apply <no-reply@quickapply.example>',
    seedUsers: [
      seedUser(env, 'SEED_AGENT', 'agent', 'Relationship Officer'),
      seedUser(env, 'SEED_PRODUCT', 'product', 'Product Staff'),
      // A second product-staff account: the studio's four-eyes review needs someone other than the author.
      seedUser(env, 'SEED_REVIEWER', 'product', 'Product Reviewer'),
    ].filter((u): u is SeedUser => u !== undefined),
  };
}
