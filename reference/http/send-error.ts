import type { FastifyReply } from 'fastify';
import type { ApiError } from '../errors.ts';

/** Sends an error body with the error's status and `Content-Type: application/json`. */
export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(error.toBody());
}
