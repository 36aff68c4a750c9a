import type { FastifyRequest } from 'fastify';
import pino from 'pino';

/** Query parameters whose values are secrets (OAuth codes, tokens); their values never reach a log. */
const SECRET_QUERY = /([?&](?:code|token|access_token|password|state)=)[^&]*/gi;

function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[REDACTED]');
}

/**
 * pino options: request lines carry method, redacted URL and address, never headers or bodies;
 * anything logged by hand under a secret-looking key is censored too.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'password',
        '*.password',
        '*.confirmPassword',
        '*.passwordHash',
        '*.token',
        '*.cookie',
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
      err: pino.stdSerializers.err,
    },
  };
}
