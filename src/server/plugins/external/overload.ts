import underPressure from '@fastify/under-pressure';
import fp from 'fastify-plugin';

/**
 * Sheds load instead of queueing it: while the event loop lags more than MAX_EVENT_LOOP_DELAY_MS, requests get
 * 503 with Retry-After in the one error shape, so the load balancer sends them to another server. 0 turns it off.
 */
export default fp(
  async (app) => {
    const maxEventLoopDelay = app.config.maxEventLoopDelayMs;
    if (maxEventLoopDelay === 0) return;
    await app.register(underPressure, {
      maxEventLoopDelay,
      retryAfter: 5,
      pressureHandler: (_request, reply) => {
        reply
          .code(503)
          .header('retry-after', '5')
          .send({ errorType: 'ServiceUnavailable', errors: [{ errorCode: 'OVERLOADED', message: 'The service is busy. Please try again in a moment.' }] });
      },
    });
  },
  { name: 'overload', dependencies: ['config'] },
);
