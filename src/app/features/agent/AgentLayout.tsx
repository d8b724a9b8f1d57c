import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { Shell } from '../../components/Shell';
import { type AppConfig, useConfig } from '../config/useConfig';
import { agentSteps } from './agentSteps';

export interface AgentLayoutProps {
  title: string;
  /** Active step of the agent list: 1 search (and application info), 2 invite, 0 none (login). */
  active: number;
  children: ReactNode;
}

/** The agent area's frame: the shell in the standard colour with the agent's step list. */
export function AgentLayout({ title, active, children }: AgentLayoutProps) {
  return (
    <Shell title={title} variant="standard" steps={agentSteps} activeStep={active} showSteps={active > 0} linking>
      {children}
    </Shell>
  );
}

/** The agent's config document (role agent: the agent steps and the KYC annexure); renders once loaded. */
export function WithAgentConfig({ children }: { children: (config: AppConfig) => ReactNode }) {
  const { data, error } = useConfig({ role: 'agent' });
  if (error) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{error.message}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!data) return <Spinner label="Loading" />;
  return <>{children(data)}</>;
}
