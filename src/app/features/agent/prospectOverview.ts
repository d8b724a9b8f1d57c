/** The agent's overview reads the application with the applicant's summary model (features/summary). */
export { formatValue, prospectOverview, stepRows, type OverviewRow, type OverviewSection } from '../summary/summaryModel';
