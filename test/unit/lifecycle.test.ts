import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decideMove, fillMessage, isSubmittedStatus, missingRequested, movesFrom } from '../../src/content/lifecycle';
import Ajv from 'ajv';
import { LIFECYCLE_META_SCHEMA, parseLifecycle } from '../../src/content/lifecycleSchema';
import { formatIban, ibanCheckDigits, isValidIban, newIban } from '../../src/server/prospects/accountNumbers';

const raw = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'lifecycle.json'), 'utf8')) as Record<string, unknown>;
const lifecycle = parseLifecycle(raw);

describe('account numbers (UAE IBAN, ISO 13616 mod 97)', () => {
  it('accepts known valid IBANs and refuses altered ones', () => {
    expect(isValidIban('AE070331234567890123456')).toBe(true); // the registry's UAE example
    expect(isValidIban('AE07 0331 2345 6789 0123 456')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('AE070331234567890123457')).toBe(false); // one digit changed
    expect(isValidIban('AE700331234567890123456')).toBe(false); // check digits swapped
    expect(isValidIban('AE07033123456789012345')).toBe(false); // too short for AE
    expect(isValidIban('AE07033123456789012345X')).toBe(false);
    expect(ibanCheckDigits('AE', '0331234567890123456')).toBe('07');
  });

  it('draws 10,000 distinct, valid numbers of 23 characters at the bank code', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const iban = newIban('AE', '040');
      if (!/^AE[0-9]{2}040[1-9][0-9]{15}$/.test(iban) || !isValidIban(iban)) throw new Error(`bad ${iban}`);
      seen.add(iban);
    }
    expect(seen.size).toBe(10_000);
  });

  it('prints in groups of four', () => {
    expect(formatIban('AE070331234567890123456')).toBe('AE07 0331 2345 6789 0123 456');
  });
});

describe('the lifecycle content', () => {
  it('is checked with a meta-schema that is valid JSON Schema (not checked at every start)', () => {
    const ajv = new Ajv({ strict: false });
    expect(ajv.validateSchema(LIFECYCLE_META_SCHEMA), JSON.stringify(ajv.errors)).toBe(true);
    expect(ajv.validateSchema({ ...LIFECYCLE_META_SCHEMA, required: 'initial' })).toBe(false);
  });

  it('has the spec states in its words', () => {
    expect(lifecycle.states.ASSESSING!.label).toBe('Assessing');
    expect(lifecycle.states.DOCUMENTS_NEEDED!.label).toBe('Documents needed');
    expect(lifecycle.states.NEED_ADDITIONAL_INFO!.label).toBe('Need Additional Information/Documents');
  });

  it('never lets the applicant move an application by the status call', () => {
    for (const from of Object.keys(lifecycle.states)) expect(movesFrom(lifecycle, from, 'applicant')).toEqual([]);
    expect(decideMove(lifecycle, 'ASSESSING', 'APPROVED', 'applicant')).toMatchObject({ allowed: false, errorCode: 'ROLE_NOT_ALLOWED' });
    expect(decideMove(lifecycle, 'DRAFT', 'SUBMITTED', 'applicant')).toMatchObject({ allowed: false, errorCode: 'SUBMIT_ONLY' });
    expect(decideMove(lifecycle, 'DRAFT', 'SUBMITTED', 'applicant', true)).toMatchObject({ allowed: true });
    expect(decideMove(lifecycle, 'DECLINED', 'ASSESSING', 'agent')).toMatchObject({ allowed: false, errorCode: 'TRANSITION_NOT_ALLOWED' });
    expect(decideMove(lifecycle, 'APPROVED', 'ACCOUNT_OPENED', 'system')).toMatchObject({ allowed: true });
  });

  it('refuses a lifecycle that names an unknown state, leaves a final state or misses its meta-schema', () => {
    const bad = (change: (l: Record<string, unknown>) => void) => {
      const copy = structuredClone(raw);
      change(copy);
      return () => parseLifecycle(copy);
    };
    expect(bad((l) => (l.transitions as unknown[]).push({ from: 'ASSESSING', to: 'NOWHERE', by: ['agent'] }))).toThrow(/unknown state NOWHERE/);
    expect(bad((l) => (l.transitions as unknown[]).push({ from: 'DECLINED', to: 'ASSESSING', by: ['agent'] }))).toThrow(/final state DECLINED/);
    expect(bad((l) => (l.transitions as unknown[]).push({ from: 'ASSESSING', to: 'APPROVED', by: ['nobody'] }))).toThrow(/lifecycle.json/);
    expect(bad((l) => ((l.accounts as Record<string, unknown>).bankCode = '40'))).toThrow(/bankCode|pattern/);
    expect(bad((l) => ((l.states as Record<string, Record<string, unknown>>).ASSESSING!.invented = true))).toThrow(/additional/);
    expect(bad((l) => ((l.afterScreening as Record<string, Record<string, unknown>>).DECLINE!.reason = 'NOPE'))).toThrow(/not a decline reason/);
  });

  it('counts a requested document as in only when uploaded after the request', () => {
    const info = { requestedAt: '2026-01-15T10:00:00.000Z', requestedDocuments: [{ documentKey: 'A-1', documentType: 'A', documentTitle: 'A', group: 'company' as const }, { documentKey: 'B-1', documentType: 'B', documentTitle: 'B', group: 'company' as const }] };
    expect(missingRequested(info, [{ documentKey: 'A-1', uploadedAt: '2026-01-15T09:00:00.000Z' }]).map((d) => d.documentKey)).toEqual(['A-1', 'B-1']);
    expect(missingRequested(info, [{ documentKey: 'A-1', uploadedAt: '2026-01-15T11:00:00.000Z' }]).map((d) => d.documentKey)).toEqual(['B-1']);
    expect(missingRequested(info, [{ documentKey: 'A-1', uploadedAt: '2026-01-15T11:00:00.000Z' }, { documentKey: 'B-1', uploadedAt: new Date('2026-01-15T10:00:01Z') }])).toEqual([]);
  });

  it('fills message placeholders and keeps unknown ones', () => {
    expect(fillMessage('{prospectId}: {status} {other}', { prospectId: 'SME1', status: 'Assessing' })).toBe('SME1: Assessing {other}');
    expect(isSubmittedStatus('DRAFT')).toBe(false);
    expect(isSubmittedStatus('ASSESSING')).toBe(true);
  });
});
