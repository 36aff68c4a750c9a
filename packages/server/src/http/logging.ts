import type { FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * Query parameters whose values say nothing about anyone (paging and sorting): the only values a
 * logged URL keeps. Every other value may be personal data or a secret (a customer's e-mail in a list
 * filter, a search, an OAuth code or state) and is replaced.
 */
const HARMLESS_QUERY = new Set(['page', 'pageSize', 'sort', 'order']);
/** A harmless parameter's value as our lists take it (a number, a field name, asc/desc); anything else is replaced too. */
const PLAIN_VALUE = /^[\w.-]{0,64}$/;
/** A parameter name worth logging; a name that is not one (`?jane@example.com`) is itself data. */
const PLAIN_NAME = /^[\w.[\]-]{1,64}$/;
const REDACTED = '[REDACTED]';

/** The path, and the query's parameter names with their values redacted but for paging and sorting. */
function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const parameters = url
    .slice(mark + 1)
    .split('&')
    .filter(Boolean)
    .map((parameter) => {
      const equals = parameter.indexOf('=');
      const name = equals < 0 ? parameter : parameter.slice(0, equals);
      if (!PLAIN_NAME.test(name)) return REDACTED;
      if (equals < 0) return name;
      return HARMLESS_QUERY.has(name) && PLAIN_VALUE.test(parameter.slice(equals + 1)) ? parameter : `${name}=${REDACTED}`;
    });
  return `${url.slice(0, mark)}?${parameters.join('&')}`;
}

/**
 * pino options: request lines carry method, redacted URL (`redactUrl`) and address, never headers or bodies;
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
