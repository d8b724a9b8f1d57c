/** The left panel's title per page (spec 001 §2 'Left panel titles'): pages pass one to <Shell title=...>. */
export const panelTitles = {
  accountsComparison: 'All businesses start with an account. Get yours now.',
  myApplications: 'Your applications, at a glance',
  comeBackLogin: 'Good to see you back!',
  verification: "Confirm that it's you",
  applicationSubmitted: 'Check it out. Application submitted!',
  reUploadDocuments: 'Upload your documents',
  startPages: 'Opening an account has never been this simple.',
} as const;
