/**
 * The main thread's side of the studio's worker thread (studioWorker.ts): the CPU work of the studio (checking,
 * publishing, running fixtures on, previewing and linting drafts) is posted to it, so the event loop keeps serving
 * other requests while a draft compiles. One worker per app, started at the first task, its tasks answered by id;
 * a worker that dies fails its tasks in flight and is replaced at the next one.
 */
import { Worker } from 'node:worker_threads';
import type { StudioAnswers, StudioTask } from './studioTasks';

export interface StudioWorkerPool {
  run<T extends StudioTask>(task: T): Promise<StudioAnswers[T['kind']]>;
  /** Starts the worker ahead of its first task (loading its code takes a second or more on a busy machine). */
  warm(): void;
  /** Ends the worker (the app closes). */
  close(): Promise<void>;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * The compiled server (dist/server/main.js) starts the compiled worker beside it; the sources (tests, `tsx`)
 * start the TypeScript entry through tsx's loader, registered in the worker itself.
 */
function startWorker(): Worker {
  const compiled = new URL('./studioWorker.js', import.meta.url);
  if (import.meta.url.endsWith('.js')) return new Worker(compiled);
  const source = new URL('./studioWorker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); }).catch((error) => { console.error(error); process.exit(1); });`;
  return new Worker(bootstrap, { eval: true });
}

export function createStudioWorkerPool(log?: { error(obj: object, msg: string): void }): StudioWorkerPool {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };

  const get = (): Worker => {
    if (worker) return worker;
    const w = startWorker();
    // An idle worker does not keep the process alive (the app's close ends it anyway).
    w.unref();
    w.on('message', (message: { id: number; ok: boolean; value?: unknown; error?: { message: string; stack?: string } }) => {
      const p = pending.get(message.id);
      if (!p) return;
      pending.delete(message.id);
      if (message.ok) p.resolve(message.value);
      else p.reject(Object.assign(new Error(message.error!.message), { stack: message.error!.stack }));
    });
    w.on('error', (error) => {
      log?.error({ err: error }, 'studio worker failed');
      if (worker === w) worker = undefined;
      failAll(error);
    });
    w.on('exit', (code) => {
      if (worker === w) worker = undefined;
      if (pending.size) failAll(new Error(`The studio worker stopped (exit code ${code})`));
    });
    worker = w;
    return w;
  };

  return {
    run<T extends StudioTask>(task: T) {
      return new Promise<StudioAnswers[T['kind']]>((resolve, reject) => {
        const w = get();
        const id = nextId++;
        // Referenced while it has work: a task in flight keeps the process alive until it is answered.
        w.ref();
        const done = () => {
          if (pending.size === 0 && worker === w) w.unref();
        };
        pending.set(id, {
          resolve: (value) => {
            resolve(value as StudioAnswers[T['kind']]);
            done();
          },
          reject: (error) => {
            reject(error);
            done();
          },
        });
        w.postMessage({ id, task });
      });
    },
    warm() {
      get();
    },
    async close() {
      const w = worker;
      worker = undefined;
      failAll(new Error('The studio worker was closed'));
      if (w) await w.terminate();
    },
  };
}
