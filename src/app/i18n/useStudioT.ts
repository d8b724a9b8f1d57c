import enStudio from 'virtual:app-messages/enStudio';
import { areaT } from './areaT';
import type { StudioMessageId } from './enStudio';

/** `t(id, values)` for the studio's texts (enStudio.ts / arStudio.ts): in the studio chunks only. */
export const useStudioT = areaT<StudioMessageId>(enStudio, () => import('virtual:app-messages/arStudio'));

/** The studio's `t`, for helpers outside components (api.ts errorText, activityWords.ts). */
export type StudioT = ReturnType<typeof useStudioT>;
