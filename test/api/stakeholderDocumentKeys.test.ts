import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase, useDatabase } from './helpers';

const MIGRATION = readFileSync(join(import.meta.dirname, '..', '..', 'migrations', '024_stakeholder_document_keys.sql'), 'utf8');

// Migration 024: a stakeholder's stored document keys, numbered across stakeholders before ("Passport-2"), carry
// the stakeholder's id and run per stakeholder ("Passport-khalid-1"), as src/content/requiredDocuments.ts keys them now.
describeEachDatabase('migration 024: stakeholder document keys', (db) => {
  const handle = useDatabase(db);
  let n = 0;
  const upload = (prospectId: string, documentKey: string, signatoryId: string | null, documentType = documentKey.split('-')[0]!) => ({
    id: `d${String(++n).padStart(3, '0')}`,
    prospect_id: prospectId,
    document_key: documentKey,
    document_type: documentType,
    group_name: signatoryId ? 'documents' : 'companyDocuments',
    signatory_id: signatoryId,
    file_name: `${documentKey}.pdf`,
    content_type: 'application/pdf',
    size: 60_000,
    sha256: 'x',
    storage_key: `k${n}`,
  });
  const prospect = (id: string, document: object = {}) => ({ id, user_type: 'sme', document: JSON.stringify(document) });
  const keys = async (prospectId: string) =>
    (await handle().db.selectFrom('documents').select(['document_key', 'signatory_id']).where('prospect_id', '=', prospectId).orderBy('id').execute()).map((r) => `${r.signatory_id ?? ''}:${r.document_key}`);


  it('renames the keys of uploads and of requested documents per stakeholder, in the order of their old index; leaves the rest', async () => {
    const requested = [
      { documentKey: 'TradeLicense-1', documentType: 'TradeLicense', documentTitle: 'Trade License', group: 'company' },
      { documentKey: 'Passport-3', documentType: 'Passport', documentTitle: 'Passport (GB) - Khalid', group: 'stakeholders', signatoryId: 'khalid' },
      { documentKey: 'EmiratesId-2', documentType: 'EmiratesId', documentTitle: 'Emirates ID - Khalid', group: 'stakeholders', signatoryId: 'khalid' },
    ];
    await handle().db.insertInto('prospects').values([prospect('P1', { prospectStatusInfo: { requestedDocuments: requested } }), prospect('P2')] as never).execute();
    await handle().db
      .insertInto('documents')
      .values([
        upload('P1', 'TradeLicense-1', null),
        upload('P1', 'Passport-1', 'ravi'),
        upload('P1', 'Passport-2', 'khalid'),
        upload('P1', 'Passport-3', 'khalid'),
        upload('P1', 'EmiratesId-2', 'khalid'),
        // Uploaded again (a new row of the same key) and, after Ravi was removed, under the key Ravi's had.
        upload('P1', 'Passport-2', 'khalid'),
        upload('P1', 'EmiratesId-1', 'khalid'),
        upload('P1', 'personalBankStatements-BankStatement-4', 'khalid', 'BankStatement'),
        upload('P1', 'TradeLicense-2', 'falcon'),
        upload('P1', 'ProofOfRelationship-7', '7', 'ProofOfRelationship'),
        upload('P1', 'Other-1', null, 'Other'),
        upload('P2', 'Passport-1', 'ravi'),
      ] as never)
      .execute();

    await sql.raw(MIGRATION).execute(handle().db);

    expect(await keys('P1')).toEqual([
      ':TradeLicense-1',
      'ravi:Passport-ravi-1',
      'khalid:Passport-khalid-1',
      'khalid:Passport-khalid-2',
      'khalid:EmiratesId-khalid-2',
      'khalid:Passport-khalid-1',
      'khalid:EmiratesId-khalid-1',
      'khalid:personalBankStatements-BankStatement-khalid-1',
      'falcon:TradeLicense-falcon-1',
      '7:ProofOfRelationship-7',
      ':Other-1',
    ]);
    expect(await keys('P2')).toEqual(['ravi:Passport-ravi-1']);
    const row = await handle().db.selectFrom('prospects').select('document').where('id', '=', 'P1').executeTakeFirstOrThrow();
    const doc = (typeof row.document === 'string' ? JSON.parse(row.document) : row.document) as { prospectStatusInfo: { requestedDocuments: { documentKey: string }[] } };
    expect(doc.prospectStatusInfo.requestedDocuments.map((d) => d.documentKey)).toEqual(['TradeLicense-1', 'Passport-khalid-2', 'EmiratesId-khalid-2']);
    expect(doc.prospectStatusInfo.requestedDocuments[1]).toEqual({ ...requested[1], documentKey: 'Passport-khalid-2' });

    // Run again (keys in the new form are not renamed twice).
    await sql.raw(MIGRATION).execute(handle().db);
    expect(await keys('P2')).toEqual(['ravi:Passport-ravi-1']);
  });
});
