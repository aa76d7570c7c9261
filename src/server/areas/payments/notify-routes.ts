import type { FastifyInstance } from 'fastify';
import type { Services } from '../../http/context';
import { handleRefundNotification, REFUND_NOTIFY_PATH } from '../refunds';
import { NOTIFY_PATH } from './order-pay';
import { handlePayNotification } from './pay-notify';

/** WeChat Pay's notify URLs (payments, refunds): the raw body is what is verified, so it is read as text (no JSON parsing before). */
export function registerPayNotifyRoutes(app: FastifyInstance, s: Services): void {
  app.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scoped.post(NOTIFY_PATH, async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const answer = await handlePayNotification(s, req.headers, raw, req.log, `${req.protocol}://${req.host}`);
      return answer.body ? reply.code(answer.status).send(answer.body) : reply.code(answer.status).send();
    });
    // Refund notifications: verified the same way, checked against our refund request.
    scoped.post(REFUND_NOTIFY_PATH, async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const answer = await handleRefundNotification(s, req.headers, raw, req.log);
      return answer.body ? reply.code(answer.status).send(answer.body) : reply.code(answer.status).send();
    });
  });
}
