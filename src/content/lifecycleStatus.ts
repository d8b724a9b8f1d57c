/** Whether the application left the draft (every state but the lifecycle's initial one, DRAFT by default). */
export function isSubmittedStatus(status: string | undefined, lifecycle?: { initial: string }): boolean {
  return !!status && status !== (lifecycle?.initial ?? 'DRAFT');
}
