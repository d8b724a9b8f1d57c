/**
 * The customer runtime (contract.ts), for every customer page. No provider is needed: call useApplication()
 * in any component under the router; all of them share one store and one save queue for the tab.
 *
 *   const app = useApplication();
 *   app.prospect                      // local copy incl. unsaved edits (undefined while loading)
 *   app.edit(next, { valid })          // on every change; saved 500 ms later when valid
 *   await app.continueStep('companyDetails', { signatoryIndex })  // marks the step COMPLETED
 *   app.stop                           // { code, message } when the server stopped the application (12012, 12002, EXP101)
 *   <SaveStatus />                     // "Saving…/All changes saved/Offline" line for the page
 *   toExtraErrors(app.fieldErrors, '/signatoryInfo/0')  // server errors for RJSF's extraErrors
 *
 * Pages that need a prospect wrap their route in <RequireProspect> from ../journey/guards.
 */
export { useApplication, type ApplicationRuntimeExt } from './useApplication';
export { SaveStatus } from './SaveStatus';
export { toExtraErrors } from './extraErrors';
export { readCompletedSteps, firstIncomplete, statusOf } from './completedSteps';
export { applicationStore, LEFT_DRAFT_CODES, type StopState } from './store';
export type * from './contract';
