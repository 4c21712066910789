// The support page's ticket (document 001 §2.12, §7): open to visitors, checked against the contract's
// schema (a readable 400 otherwise), and only logged, as the spec has it: no one reads tickets in the
// product yet (decision 198).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../contracts/members.js';
import { supportPaths, supportTicketResultSchema, supportTicketSchema } from '../contracts/support.js';

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    supportPaths.tickets,
    {
      config: { public: true },
      schema: { tags: ['support'], body: supportTicketSchema, response: { 202: supportTicketResultSchema, 400: errorBodySchema } },
    },
    async (request, reply) => {
      request.log.info({ supportTicket: request.body }, 'Support ticket');
      return reply.code(202).send({ ok: true as const });
    },
  );
};
