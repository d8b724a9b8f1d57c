import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { type ReactNode, useMemo } from 'react';
import { Shell } from '../../components/Shell';
import { type AppConfig, useConfig } from '../config/useConfig';
import { useAgentT } from '../../i18n/useAgentT';
import { agentSteps } from './agentSteps';

export interface AgentLayoutProps {
  /** The panel's title: the agent's step (1 search, 2 invite) or the login's. */
  panel: 'search' | 'invite' | 'login';
  /** Active step of the agent list: 1 search (and application info), 2 invite, 0 none (login). */
  active: number;
  children: ReactNode;
}

/** The agent area's frame: the shell in the standard colour with the agent's step list. */
export function AgentLayout({ panel, active, children }: AgentLayoutProps) {
  const t = useAgentT();
  const steps = useMemo(() => agentSteps(t), [t]);
  const titles = { search: t('agent.steps.search'), invite: t('agent.steps.invite'), login: t('agent.login.title') };
  return (
    <Shell title={titles[panel]} variant="standard" steps={steps} activeStep={active} showSteps={active > 0} linking>
      {children}
    </Shell>
  );
}

/** The agent's config document (role agent: the agent steps and the KYC annexure); renders once loaded. */
export function WithAgentConfig({ children }: { children: (config: AppConfig) => ReactNode }) {
  const { data, error } = useConfig({ role: 'agent' });
  const t = useAgentT();
  if (error) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{error.message}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!data) return <Spinner label={t('agent.loading')} />;
  return <>{children(data)}</>;
}
