/**
 * Prospect-ID error codes that move the applicant to a stop state (spec 001 §4), with the server's messages: one
 * definition for the routes that answer them and the browser that stops on them.
 */
export const INVALID_PROSPECT = { errorCode: '12002', message: 'Invalid Prospect ID' } as const;
export const ALREADY_SUBMITTED = { errorCode: '12012', message: 'We already have your application. Not to worry, our team is already working on it.' } as const;
/** The invite or session behind the application expired. */
export const EXPIRED = 'EXP101';

export const STOP_CODES: ReadonlySet<string> = new Set([ALREADY_SUBMITTED.errorCode, INVALID_PROSPECT.errorCode, EXPIRED]);
