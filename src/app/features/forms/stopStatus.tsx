import { StatusPage } from '../documents/StatusPage';
import { stopView } from '../documents/outcomes';

/**
 * The status page of a stop code on a form step (an invalid or expired application), with the outcomes catalogue
 * it is worded from. FlowPage loads it when a stop comes (rare), not with every step.
 */
export default function StopStatus({ stop, panelTitle }: { stop: Parameters<typeof stopView>[0]; panelTitle: string }) {
  return <StatusPage view={stopView(stop)} panelTitle={panelTitle} />;
}
