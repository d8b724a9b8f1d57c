/**
 * How long typing into a text field pauses before StepForm (changesAfterPaint: the company and stakeholder steps)
 * hands the change to the page. Its own module so that the typing benchmark reads it without loading the form.
 */
export const TYPING_PAUSE_MS = 300;
