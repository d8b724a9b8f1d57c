/**
 * Entry of the studio's worker thread (started by studioWorkerPool.ts; compiled to dist/server/studioWorker.js by
 * scripts/buildServer.ts). Runs one task per message and answers `{ id, ok, value }` or `{ id, ok: false, error }`.
 */
import { parentPort } from 'node:worker_threads';
import { runStudioTask, type StudioTask } from './studioTasks';

if (!parentPort) throw new Error('studioWorker.ts runs as a worker thread');
const port = parentPort;

port.on('message', (message: { id: number; task: StudioTask }) => {
  runStudioTask(message.task).then(
    (value) => port.postMessage({ id: message.id, ok: true, value }),
    (error: unknown) => port.postMessage({ id: message.id, ok: false, error: { message: (error as Error)?.message ?? String(error), stack: (error as Error)?.stack } }),
  );
});
