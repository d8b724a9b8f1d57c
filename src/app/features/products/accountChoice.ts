import { atomWithStorage, createJSONStorage } from '../../lib/jotai';

/**
 * The account the applicant chose on a product or start page (spec 001 §2): the product id of
 * schemas/products.json (starter, currentAccount, elite) and the Islamic flag. Kept in session storage so a
 * reload keeps it. The ApplicantInfo page (journey) copies it into the new prospect's
 * applicationInfo.accountType / applicationInfo.islamicBanking; the shell colours its panel from it until a
 * prospect exists.
 */
export interface AccountChoice {
  accountType: string;
  islamicBanking: boolean;
}

export const accountChoiceAtom = atomWithStorage<AccountChoice | null>('qa.accountChoice', null, createJSONStorage(() => sessionStorage), {
  getOnInit: true,
});

/** The banking type shown on the comparison page before an account is chosen (Conventional by default). */
export const bankingTypeAtom = atomWithStorage<'conventional' | 'islamic'>('qa.bankingType', 'conventional', createJSONStorage(() => sessionStorage), {
  getOnInit: true,
});
