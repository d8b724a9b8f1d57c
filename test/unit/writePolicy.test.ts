import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLifecycle } from '../../src/content/lifecycleSchema';
import { ACTIONS, type Action, type Actor, decide, type ProspectState, stateOf } from '../../src/server/prospects/writePolicy';

const lifecycle = parseLifecycle(JSON.parse(readFileSync(new URL('../../schemas/lifecycle.json', import.meta.url), 'utf8')));

const STATES: Record<string, ProspectState> = {
  draft: { submitted: false, block: null },
  submitted: { submitted: true, block: null },
  roEditing: stateOf({ status: 'DRAFT', document: { prospectStatusInfo: { statusReason: 'RO_EDITING' } } }),
  blockEditingSubmitted: stateOf({ status: 'SUBMITTED', document: { screeningInfo: { screeningReason: 'BLOCK_EDITING' } } }),
  declined: stateOf({ status: 'DECLINED', document: {} }, lifecycle),
};

type Row = Record<keyof typeof STATES, string>;
const everyAction = (answer: string): Record<Action, Row> =>
  Object.fromEntries(ACTIONS.map((a) => [a, { draft: answer, submitted: answer, roEditing: answer, blockEditingSubmitted: answer, declined: answer }])) as unknown as Record<Action, Row>;

/**
 * The expected answer of every actor × action × state, written out: "ok", or the status and error code of the
 * refusal. A change to the policy must change this table.
 */
const EXPECTED: Record<Actor, Record<Action, Row>> = {
  applicant: {
    create: { draft: 'ok', submitted: 'ok', roEditing: 'ok', blockEditingSubmitted: 'ok', declined: 'ok' },
    save: { draft: 'ok', submitted: '409 12012', roEditing: '409 RO_EDITING', blockEditingSubmitted: '409 BLOCK_EDITING', declined: '409 APPLICATION_CLOSED' },
    submit: { draft: 'ok', submitted: '409 12012', roEditing: '409 RO_EDITING', blockEditingSubmitted: '409 BLOCK_EDITING', declined: '409 APPLICATION_CLOSED' },
    upload: { draft: 'ok', submitted: '409 12012', roEditing: '409 RO_EDITING', blockEditingSubmitted: '409 BLOCK_EDITING', declined: '409 APPLICATION_CLOSED' },
    deleteDocument: { draft: 'ok', submitted: '409 12012', roEditing: '409 RO_EDITING', blockEditingSubmitted: '409 BLOCK_EDITING', declined: '409 APPLICATION_CLOSED' },
    screen: { draft: 'ok', submitted: 'ok', roEditing: 'ok', blockEditingSubmitted: 'ok', declined: '409 APPLICATION_CLOSED' },
    annexureSave: { draft: '403 FORBIDDEN', submitted: '403 FORBIDDEN', roEditing: '403 FORBIDDEN', blockEditingSubmitted: '403 FORBIDDEN', declined: '403 FORBIDDEN' },
  },
  agent: {
    create: { draft: 'ok', submitted: 'ok', roEditing: 'ok', blockEditingSubmitted: 'ok', declined: 'ok' },
    save: { draft: 'ok', submitted: 'ok', roEditing: '409 RO_EDITING', blockEditingSubmitted: '409 BLOCK_EDITING', declined: '409 APPLICATION_CLOSED' },
    submit: { draft: 'ok', submitted: '409 12012', roEditing: '409 RO_EDITING', blockEditingSubmitted: '409 BLOCK_EDITING', declined: '409 APPLICATION_CLOSED' },
    upload: { draft: 'ok', submitted: 'ok', roEditing: '409 RO_EDITING', blockEditingSubmitted: '409 BLOCK_EDITING', declined: '409 APPLICATION_CLOSED' },
    deleteDocument: { draft: 'ok', submitted: 'ok', roEditing: '409 RO_EDITING', blockEditingSubmitted: '409 BLOCK_EDITING', declined: '409 APPLICATION_CLOSED' },
    screen: { draft: 'ok', submitted: 'ok', roEditing: 'ok', blockEditingSubmitted: 'ok', declined: '409 APPLICATION_CLOSED' },
    annexureSave: { draft: 'ok', submitted: 'ok', roEditing: '409 RO_EDITING', blockEditingSubmitted: '409 BLOCK_EDITING', declined: '409 APPLICATION_CLOSED' },
  },
  product: everyAction('403 FORBIDDEN'),
  server: everyAction('ok'),
};

describe('the write policy (actor × action × state)', () => {
  for (const [actor, actions] of Object.entries(EXPECTED) as [Actor, (typeof EXPECTED)[Actor]][]) {
    it(`answers every action of ${actor} in every state as the table says`, () => {
      for (const action of ACTIONS) {
        for (const [name, state] of Object.entries(STATES)) {
          const d = decide(actor, action, state);
          const got = d.allowed ? 'ok' : `${d.status} ${d.errorCode}`;
          expect(got, `${actor} ${action} ${name}`).toBe(actions[action][name]);
        }
      }
    });
  }

  it('reads the state of a stored prospect: submitted, and an editing block from status or screening', () => {
    expect(stateOf({ status: 'SUBMITTED', document: {} })).toEqual({ submitted: true, block: null });
    expect(STATES.roEditing!.block?.reason).toBe('RO_EDITING');
    expect(STATES.blockEditingSubmitted).toMatchObject({ submitted: true, block: { reason: 'BLOCK_EDITING' } });
  });
});
