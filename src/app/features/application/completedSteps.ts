/** Step completion: one definition shared with the server (src/shared/completedSteps.ts). */
export { MAX_STEPS_PER_SIGNATORY_FLOW, firstIncomplete, readCompletedSteps, statusOf } from '../../../shared/completedSteps';
