/**
 * English texts of the Company Stakeholders page (its cards and its wizard), by id, in that page's chunk only: the
 * page is the heaviest of the journey (the stakeholders' forms) and usePageT's catalogue would put it above its
 * budget. Read through `useStakeholdersT()` (compiled, `virtual:app-messages/enStakeholders`); the Arabic of every
 * id is in ar.ts (the parity test, test/unit/i18n/appMessages.test.ts, checks it against this file).
 */
export const enStakeholders = {
  'stakeholders.panel': 'Tell us about the people behind your company',
  'stakeholders.intro': 'Add every shareholder and every person who can sign for the company. A stakeholder can be a person or a company.',
  'stakeholders.list': 'Company stakeholders',
  'stakeholders.listMore': 'More company stakeholders',
  'stakeholders.none': 'No stakeholders yet. Add every person or company that owns or signs for your company.',
  'stakeholders.add': 'Add a stakeholder',
  'stakeholders.max': '{max, plural, one {You can add up to # stakeholder.} other {You can add up to # stakeholders.}}',
  'stakeholders.totals': 'Shares held: {percentage} % of 100 % · Signatories: {signatories}',
  'stakeholders.whyNot': 'Why you cannot continue yet',
  'stakeholders.incomplete': '{count, plural, one {# stakeholder still has steps to complete} other {# stakeholders still have steps to complete}}',
  'stakeholders.continueFinal': 'Continue to Final Questions',
  'stakeholders.continueReview': 'Continue to the review',
  'stakeholders.removeConfirm': '{name} and everything entered for them will be removed.',
  'stakeholders.openFirst': 'Open a stakeholder first',
  'stakeholders.noApplication': 'There is no application open in this tab.',
  'stakeholders.notSavedBecause': 'This step could not be saved: {messages}',
  'stakeholders.notSaved': 'This step could not be saved. Please check the highlighted fields.',
  'stakeholders.unnamed': 'Stakeholder {n}',
  'stakeholders.company': 'Company',
  'stakeholders.person': 'Person',
  'stakeholders.signatory': 'Signatory',
  'stakeholders.shareholder': 'Shareholder',
  'stakeholders.shareholderPercent': 'Shareholder {percentage} %',
  'stakeholders.complete': 'Complete',
  'stakeholders.notStarted': 'Not started',
  'stakeholders.stepIncomplete': 'Step {n} of {total}: {title} is incomplete',
  'stakeholders.aStep': 'a step',
  'stakeholders.edit': 'Edit',
  'stakeholders.editNamed': 'Edit {name}',
  'stakeholders.remove': 'Remove',
  'stakeholders.removeNamed': 'Remove {name}',
  'stakeholders.wizardStep': '{name} · Step {n} of {total}',
  'stakeholders.close': 'Close',
  'stakeholders.noSteps': 'The configuration has no steps for {flow}.',
} as const;

export type StakeholderMessageId = keyof typeof enStakeholders;
