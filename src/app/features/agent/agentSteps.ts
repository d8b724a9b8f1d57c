import type { JourneyStep } from '../../components/journey';
import type { AreaT } from '../../i18n/areaT';
import type { AgentMessageId } from '../../i18n/enAgent';

/** The agent's progress list (spec 001 §2 Agent: 1 Search Applications, 2 Send Invite), in the page's language. */
export function agentSteps(t: AreaT<AgentMessageId>): JourneyStep[] {
  return [
    { step: 1, title: t('agent.steps.search'), path: '/agent/SearchProspect' },
    { step: 2, title: t('agent.steps.invite'), path: '/agent/InviteCustomer' },
  ];
}

export const AGENT_HOME = '/agent/SearchProspect';
export const AGENT_LOGIN = '/agent/Login';

/** The agent's Select Services flow of one application, at a step (1-based). */
export function servicesPath(id: string, step?: number): string {
  return `/agent/SearchedAppInfo/${encodeURIComponent(id)}/SelectServices${step ? `?step=${step}` : ''}`;
}
