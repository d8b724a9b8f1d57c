import type { PanelVariant } from '../theme';
import { atom } from '../lib/jotai';

/**
 * What the shell shows about the application in progress. The customer runtime (journey) sets it from the
 * prospect: `applicationInfo.accountType`, `applicationInfo.islamicBanking` and
 * `organizationInfo.companyName`; it is cleared (null) when there is no prospect. The shell then falls back to
 * the account chosen on the product pages, then to the route.
 */
export interface ShellApplication {
  accountType?: string;
  islamicBanking?: boolean;
  companyName?: string;
}

export const shellApplicationAtom = atom<ShellApplication | null>(null);

/** A page may force the panel colour (e.g. a product page knows its account before anything is chosen). */
export const shellVariantAtom = atom<PanelVariant | null>(null);
