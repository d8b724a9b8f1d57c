import type { Lifecycle } from './lifecycle';
import type { BuiltContent, Flow, Role, StepDefinition } from './contentTypes';
import { DEFAULT_LOCALE, type Locale } from './i18n/locales';

/** Account product ids accepted by the config endpoint (spec: starter, currentAccount, elite). */
export const PRODUCT_IDS: readonly string[] = ['starter', 'currentAccount', 'elite'];

export interface ConfigDocument {
  /** The content version (hash of the published files, whatever the language): names the validators module. */
  version: string;
  /** The language of the texts; the validators of `/api/validators/{version}/{role}.{locale}.js` answer in it too. */
  locale: Locale;
  schemaVersion: number;
  segment: 'sme';
  role: Role;
  product: string | null;
  prospectTemplate: Record<string, unknown>;
  flows: Record<string, Flow>;
  steps: Record<string, StepDefinition>;
  /** Rules across the stakeholders (signatoryInfo array), bundled. */
  stakeholderList: Record<string, unknown> | null;
  lists: BuiltContent['lists'];
  products: Record<string, unknown>;
  flags: Record<string, unknown>;
  documents: Record<string, unknown>;
  /** The application's states (schemas/lifecycle.json): labels, what the applicant sees, moves, decline reasons. */
  lifecycle: Lifecycle | null;
  /** The status pages' texts and buttons (schemas/outcomes.json), in the document's language. */
  outcomes: Record<string, unknown> | null;
  /** base64 SPKI of the server's RSA-OAEP key that request bodies are encrypted to (src/shared/envelope.ts). */
  publicKey: string | null;
}

const allowed = (roles: Role[] | undefined, role: Role) => !roles || roles.includes(role);

/** What one role sees: flows and steps meant for other roles (the agent's KYC annexure) are left out. */
export function buildConfigDocument(
  content: BuiltContent,
  opts: { role: Role; product?: string; schemaVersion: number; publicKey?: string; locale?: Locale; version?: string },
): ConfigDocument {
  const flows: Record<string, Flow> = {};
  const stepNames = new Set<string>();
  for (const [name, flow] of Object.entries(content.flows)) {
    if (!allowed(flow.roles, opts.role)) continue;
    const steps = flow.steps.filter((s) => allowed(s.roles, opts.role) && content.steps[s.step]);
    steps.forEach((s) => stepNames.add(s.step));
    flows[name] = { ...flow, steps };
  }
  const steps: Record<string, StepDefinition> = {};
  for (const name of stepNames) steps[name] = content.steps[name]!;
  const template = structuredClone(content.prospectTemplate);
  if (opts.product) {
    const info = (template.applicationInfo ?? {}) as Record<string, unknown>;
    template.applicationInfo = { ...info, accountType: opts.product };
  }
  return {
    version: opts.version ?? content.version,
    locale: opts.locale ?? DEFAULT_LOCALE,
    schemaVersion: opts.schemaVersion,
    segment: 'sme',
    role: opts.role,
    product: opts.product ?? null,
    prospectTemplate: template,
    flows,
    steps,
    stakeholderList: content.stakeholderList ?? null,
    lists: content.lists,
    products: content.products,
    flags: content.flags,
    documents: content.documents,
    lifecycle: content.lifecycle ?? null,
    outcomes: content.outcomes ?? null,
    publicKey: opts.publicKey ?? null,
  };
}
