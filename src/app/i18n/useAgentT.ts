import enAgent from 'virtual:app-messages/enAgent';
import { areaT } from './areaT';
import type { AgentMessageId } from './enAgent';

/** `t(id, values)` for the agent pages' texts (enAgent.ts / arAgent.ts): in the agent chunks only. */
export const useAgentT = areaT<AgentMessageId>(enAgent, () => import('virtual:app-messages/arAgent'));
