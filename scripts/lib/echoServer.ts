/**
 * The yardstick of the save benchmark: a bare Fastify 5 server that answers the save's PUT with the JSON body
 * it received (parsed and serialised again, nothing else). Run in a process of its own (startEchoServer).
 */
import { fork } from 'node:child_process';
import Fastify from 'fastify';

export interface EchoServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Forks this file as the echo server and resolves once it listens. */
export function startEchoServer(): Promise<EchoServer> {
  const child = fork(import.meta.filename, ['--serve'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`echo server exited with ${code}`)));
    child.once('message', (port: number) =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        pid: child.pid!,
        stop: () => new Promise((done) => (child.exitCode !== null ? done() : (child.once('exit', () => done()), child.kill('SIGTERM')))),
      }),
    );
  });
}

if (process.argv.includes('--serve')) {
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  app.put('/api/usertypes/:userType/prospects/:prospectId', async (request) => request.body);
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!((app.server.address() as { port: number }).port);
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
