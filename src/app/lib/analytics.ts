/**
 * Analytics (spec 001 §2): step events pushed to window.dataLayer, only when the config flag `analytics` is on
 * (off by default). Pages call track(); nothing else in the app knows about the data layer.
 */
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

let enabled = false;

/** Set from the config document's flags when it loads. */
export function setAnalyticsEnabled(on: boolean): void {
  enabled = on;
}

export interface AnalyticsEvent {
  /** The spec's step name, e.g. 'basic information', 'company information details'. */
  event: string;
  /** The account type (ProductName) when known. */
  productName?: string;
  /** The spec's screen name, e.g. 'companyInfo'. */
  screenName?: string;
  [key: string]: unknown;
}

export function track(event: AnalyticsEvent): void {
  if (!enabled || typeof window === 'undefined') return;
  (window.dataLayer ??= []).push({ ...event });
}
