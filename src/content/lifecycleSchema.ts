import { LIFECYCLE_ROLES, type Lifecycle } from './lifecycle';
import { lifecycleValidator } from './lifecycleValidator';

const text = { type: 'string', minLength: 1, maxLength: 2000 } as const;
const code = { type: 'string', pattern: '^[A-Z][A-Z0-9_]{0,39}$' } as const;

/** The meta-schema of schemas/lifecycle.json (its meaning is in src/content/lifecycle.ts and schemas/README.md). */
export const LIFECYCLE_META_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['initial', 'states', 'transitions', 'declineReasons', 'accounts'],
  properties: {
    $comment: { type: 'string' },
    initial: code,
    states: {
      type: 'object',
      minProperties: 1,
      propertyNames: code,
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['label', 'applicant'],
        properties: {
          label: text,
          applicant: {
            type: 'object',
            additionalProperties: false,
            required: ['title', 'message'],
            properties: { title: text, message: text, action: { enum: ['continue', 'reupload', 'accounts'] } },
          },
          notify: {
            type: 'object',
            additionalProperties: false,
            required: ['subject', 'email', 'sms'],
            properties: { subject: text, email: text, sms: { type: 'string', minLength: 1, maxLength: 320 } },
          },
          awaitsDocuments: { type: 'boolean' },
          returnsTo: code,
          then: code,
          opensAccounts: { type: 'boolean' },
          final: { type: 'boolean' },
          requiresReason: { type: 'boolean' },
        },
      },
    },
    transitions: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['from', 'to', 'by'],
        properties: {
          from: code,
          to: code,
          by: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: [...LIFECYCLE_ROLES] } },
          via: { enum: ['submit'] },
        },
      },
    },
    afterScreening: {
      type: 'object',
      propertyNames: { enum: ['SUCCESS', 'WITH_RO', 'PENDING', 'INELIGIBLE', 'DECLINE'] },
      additionalProperties: { type: 'object', additionalProperties: false, required: ['to'], properties: { to: code, reason: code } },
    },
    declineReasons: {
      type: 'array',
      minItems: 1,
      items: { type: 'object', additionalProperties: false, required: ['value', 'label'], properties: { value: code, label: text } },
    },
    accounts: {
      type: 'object',
      additionalProperties: false,
      required: ['country', 'bankCode'],
      properties: { country: { type: 'string', pattern: '^[A-Z]{2}$' }, bankCode: { type: 'string', pattern: '^[0-9]{3}$' } },
    },
  },
} as const;

/** Checks lifecycle.json against its meta-schema and itself (every named state exists, ...); throws a readable error. */
export function parseLifecycle(value: unknown): Lifecycle {
  const validate = lifecycleValidator();
  if (!validate(value)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
    throw new Error(`lifecycle.json: ${problems.join('; ')}`);
  }
  const l = value as unknown as Lifecycle;
  const problems: string[] = [];
  const known = (s: string | undefined, where: string) => {
    if (s !== undefined && !l.states[s]) problems.push(`${where} names unknown state ${s}`);
  };
  known(l.initial, 'initial');
  const reasons = new Set(l.declineReasons.map((r) => r.value));
  if (reasons.size !== l.declineReasons.length) problems.push('declineReasons repeat a value');
  for (const [name, s] of Object.entries(l.states)) {
    known(s.returnsTo, `states.${name}.returnsTo`);
    known(s.then, `states.${name}.then`);
    if (s.awaitsDocuments && !s.returnsTo) problems.push(`states.${name} awaits documents but has no returnsTo`);
    if (s.then && !l.transitions.some((t) => t.from === name && t.to === s.then && t.by.includes('system'))) {
      problems.push(`states.${name}.then: no transition ${name} -> ${s.then} by the system`);
    }
    if (s.returnsTo && !l.transitions.some((t) => t.from === name && t.to === s.returnsTo && t.by.includes('system'))) {
      problems.push(`states.${name}.returnsTo: no transition ${name} -> ${s.returnsTo} by the system`);
    }
  }
  const seen = new Set<string>();
  l.transitions.forEach((t, i) => {
    known(t.from, `transitions[${i}].from`);
    known(t.to, `transitions[${i}].to`);
    if (l.states[t.from]?.final) problems.push(`transitions[${i}] leaves the final state ${t.from}`);
    if (seen.has(`${t.from}>${t.to}`)) problems.push(`transitions[${i}] repeats ${t.from} -> ${t.to}`);
    seen.add(`${t.from}>${t.to}`);
  });
  for (const [outcome, m] of Object.entries(l.afterScreening ?? {})) {
    known(m.to, `afterScreening.${outcome}.to`);
    if (m.reason && !reasons.has(m.reason)) problems.push(`afterScreening.${outcome}.reason is not a decline reason`);
  }
  if (problems.length) throw new Error(`lifecycle.json: ${problems.join('; ')}`);
  return l;
}
