/**
 * English texts of the pages after the first part of the journey (submitted, documents, stakeholders), by id, in
 * the chunks of the pages that use them (not the entry chunk: every route would carry them). The Arabic of every
 * id is in ar.ts, which the parity test (test/unit/i18n/appMessages.test.ts) checks against en.ts and this file.
 */
export const enPages = {
  'submitted.shellTitle': 'Check it out. Application submitted!',
  'submitted.title': 'Application submitted',
  'submitted.number': 'Your application number is {number}.',
  'submitted.text': 'Thank you. We will review your application and contact you. You can check its status at any time.',
  'submitted.checkStatus': 'Check status',
  'documents.requested': 'Requested documents',
  'documents.received': '(received)',
  'documents.needed': '(needed)',
  'documents.uploaded': 'Uploaded',
  'documents.required': 'Required',
  'documents.optional': 'Optional',
  'documents.replace': 'Replace',
  'documents.upload': 'Upload',
  'documents.replaceNamed': 'Replace {name}',
  'documents.uploadNamed': 'Upload {name}',
  'documents.download': 'Download',
  'documents.downloadNamed': 'Download {name}',
  'documents.delete': 'Delete',
  'documents.deleteNamed': 'Delete {name}',
  'documents.uploading': 'Uploading {name}',
  'documents.progress': '{value, number, percent} uploaded',
  'documents.cancelNamed': 'Cancel the upload of {name}',
  'documents.title': 'Upload Documents',
  'documents.intro': 'PDF, JPG or PNG files, from 50 KB to 5 MB each. Documents marked Required are needed before you continue.',
  'documents.loading': 'Loading your documents',
  'documents.requiredFirst': 'Upload every required document to continue.',
  'reupload.title': 'Upload your documents',
  'reupload.needed': 'We need the documents below to carry on with your application. PDF, JPG or PNG files, from 50 KB to 5 MB each.',
  'reupload.complete': 'We have every document we asked for. Your documents are listed below.',
  'reupload.bankMessage': 'Message from the bank',
  'reupload.status': 'Status: {status}. {message}',
  'reupload.done': 'Done',
  'invite.opening': 'Opening your application',
  'invite.title': 'Your invitation',
  'invite.failed': 'We could not open your invitation. Please check your connection and open the link again.',
  'invite.without': 'You can open your business account online without the invitation.',
  'invite.apply': 'Apply now',
  'invite.comeBack': 'Continue a saved application',
} as const;

export type PageMessageId = keyof typeof enPages;
