import { describe, expect, it } from 'vitest';
import { hideAgentOnly, keepAgentOnly } from '../../src/server/prospects/agentOnly';

const pinged = { signatoryId: 's1', firstName: 'Amal', signatoryPingType: 'EID', signatoryEIDPingStatus: 'OK' };
const plain = { signatoryId: 's2', firstName: 'Omar' };

describe("agents' parts of a prospect", () => {
  it("a customer's view has no annexure and no ping details; a stakeholder without them is shared, not copied", () => {
    const document = { kycAnnexure: { note: 'x' }, organizationInfo: { companyName: 'A' }, signatoryInfo: [pinged, plain] };
    const seen = hideAgentOnly(document);
    expect(seen).toEqual({ organizationInfo: { companyName: 'A' }, signatoryInfo: [{ signatoryId: 's1', firstName: 'Amal' }, plain] });
    expect((seen.signatoryInfo as unknown[])[1]).toBe(plain);
    expect(seen.organizationInfo).toBe(document.organizationInfo);
    // The stored document is untouched.
    expect(document.signatoryInfo[0]).toEqual(pinged);
    expect(document.kycAnnexure).toEqual({ note: 'x' });
    // Nobody pinged: the list itself is shared.
    const quiet = { signatoryInfo: [plain] };
    expect(hideAgentOnly(quiet).signatoryInfo).toBe(quiet.signatoryInfo);
  });

  it("a customer's save keeps the stored annexure and ping details, whatever it sent, and drops what it made up", () => {
    const stored = { kycAnnexure: { note: 'x' }, signatoryInfo: [pinged, plain] };
    const sent = { signatoryInfo: [{ signatoryId: 's1', firstName: 'Amala' }, { ...plain, signatoryPingType: 'forged' }, { signatoryId: 's3', firstName: 'New' }] };
    const kept = keepAgentOnly(stored, sent);
    expect(kept).toEqual({
      kycAnnexure: { note: 'x' },
      signatoryInfo: [{ signatoryId: 's1', firstName: 'Amala', signatoryPingType: 'EID', signatoryEIDPingStatus: 'OK' }, plain, { signatoryId: 's3', firstName: 'New' }],
    });
    // A stakeholder with ping details neither sent nor stored is the one sent.
    expect((kept.signatoryInfo as unknown[])[2]).toBe(sent.signatoryInfo[2]);
    expect(keepAgentOnly({}, { kycAnnexure: { note: 'forged' } })).toEqual({});
  });
});
