import { atomWithStorage, createJSONStorage } from '../../lib/jotai';

/**
 * What the applicant typed, kept in this tab's session storage so that a reload loses nothing while the
 * application is not yet saved on the server.
 */
export const draftProspectAtom = atomWithStorage<Record<string, unknown> | null>(
  'qa.draftProspect',
  null,
  createJSONStorage(() => sessionStorage),
);
