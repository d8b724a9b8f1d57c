import type { JourneyStep } from '../../components/journey';

/** The agent's progress list (spec 001 §2 Agent: 1 Search Applications, 2 Send Invite). */
export const agentSteps: JourneyStep[] = [
  { step: 1, title: 'Search Applications', path: '/agent/SearchProspect' },
  { step: 2, title: 'Send Invite', path: '/agent/InviteCustomer' },
];

export const AGENT_HOME = '/agent/SearchProspect';
export const AGENT_LOGIN = '/agent/Login';

/** The agent's Select Services flow of one application, at a step (1-based). */
export function servicesPath(id: string, step?: number): string {
  return `/agent/SearchedAppInfo/${encodeURIComponent(id)}/SelectServices${step ? `?step=${step}` : ''}`;
}
