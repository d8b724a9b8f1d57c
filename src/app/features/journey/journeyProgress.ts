import { useMemo } from 'react';
import { useApplication } from '../application';
import { useConfig } from '../config/useConfig';
import { journeyDone, type FlowDef } from './journeySteps';

/**
 * The journey's steps the application has completed (journeySteps.ts journeyDone), for the progress list (Shell's
 * `done`): the form steps, documents and submit pages pass it, so a later page opened by its address marks no step
 * that was never filled. Only Basic Information until the application and the configuration are loaded.
 */
export function useJourneyProgress(): readonly number[] {
  const { prospect, completedSteps } = useApplication();
  const { data: config } = useConfig();
  const flows = config?.flows as Record<string, FlowDef> | undefined;
  const done = prospect && flows ? journeyDone(flows, prospect, completedSteps).join() : '1';
  return useMemo(() => done.split(',').map(Number), [done]);
}
