import type { identity } from '@aura/proto';
import type { FastifyRequest } from 'fastify';

const USER_AGENT_KEPT = 512;

/** The device a request comes from, for the Devices screen (the address as fastify's trustProxy sees it). */
export function clientOf(request: FastifyRequest): identity.ClientInfo {
  return { userAgent: (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_KEPT), ip: request.ip ?? '' };
}
