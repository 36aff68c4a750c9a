import type { ErrorBody, ErrorCode, ErrorIssue } from '@facet/contract/api';
import { MESSAGES } from '@facet/contract/messages';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
};

/** An error the client caused or may act on; the handler turns it into the body of DESIGN §4. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly issues?: ErrorIssue[];
  readonly headers?: Record<string, string>;
  constructor(code: ErrorCode, message: string, issues?: ErrorIssue[], headers?: Record<string, string>) {
    super(message);
    this.code = code;
    this.issues = issues;
    this.headers = headers;
    this.status = STATUS_BY_CODE[code];
  }
}

export const notFound = () => new AppError('NOT_FOUND', MESSAGES.notFound);
export const conflict = (message: string, issues?: ErrorIssue[]) => new AppError('CONFLICT', message, issues);
/** A 400 on one field, worded as the form shows it. */
export const invalidField = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path: [field], message }]);

function validationError(error: z.ZodError): AppError {
  const issues = error.issues.map((issue) => ({ path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: issue.message }));
  return new AppError('VALIDATION_FAILED', issues[0]?.message ?? 'Invalid input.', issues);
}

/** Parses with a shared schema and throws the 400 of DESIGN §4 on failure. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** The fields of a PostgreSQL error that decide the answer, from either driver. */
export interface DatabaseErrorFields {
  /** SQLSTATE: 23505 unique violation, 40P01 deadlock... */
  code: string;
  /** The index or constraint that refused the row. */
  constraint?: string;
}

/** SQLSTATEs that mean "the write raced another one or points at a gone record": the client may retry. */
const CONFLICT_STATES: Record<string, string> = {
  '23505': MESSAGES.duplicateRecord,
  '23503': MESSAGES.referencedRecordGone,
  '40P01': MESSAGES.concurrentChange,
  '40001': MESSAGES.concurrentChange,
};

/** The PostgreSQL error behind `error` (Drizzle wraps the driver's error as its `cause`), if any. */
export function databaseErrorOf(error: unknown): DatabaseErrorFields | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    // A SQLSTATE is five digits or capitals; the odd Node code of that shape (EPIPE) is in no class mapped below.
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as DatabaseErrorFields;
    current = cause;
  }
  return undefined;
}

/**
 * What a database refusal means to the client, when it is the client's to act on: a conflict (a
 * unique value taken meanwhile, a deadlock or serialization failure, a referenced row gone) is a 409;
 * a value the database cannot hold (class 22: out of range, NUL, bad encoding) is a 400. The
 * schemas refuse such values first; this is the net under them. Anything else stays a 500.
 */
function appErrorFromDatabase(error: unknown): AppError | undefined {
  const dbError = databaseErrorOf(error);
  if (!dbError) return undefined;
  const conflictMessage = CONFLICT_STATES[dbError.code];
  if (conflictMessage) return conflict(conflictMessage);
  if (dbError.code.startsWith('22')) return new AppError('VALIDATION_FAILED', MESSAGES.valueNotStorable);
  return undefined;
}

function body(code: ErrorCode, message: string, issues?: ErrorIssue[], requestId?: string): ErrorBody {
  return { error: { code, message, ...(issues ? { issues } : {}), ...(requestId ? { requestId } : {}) } };
}

/** Maps Fastify's own client errors (bad JSON, body too large, wrong content type) onto our codes. */
function codeForClientStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  return 'VALIDATION_FAILED';
}

export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    return reply.status(error.status).send(body(error.code, error.message, error.issues));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      // List indices stay numbers (['options', 0, 'value']), as zod reports them and forms name their fields.
      path: v.instancePath.split('/').filter(Boolean).map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment)),
      message: v.message ?? 'Invalid value.',
    }));
    return reply.status(400).send(body('VALIDATION_FAILED', issues[0]?.message ?? 'Invalid input.', issues));
  }
  if (error instanceof z.ZodError) {
    const appError = validationError(error);
    return reply.status(400).send(body(appError.code, appError.message, appError.issues));
  }
  const fromDatabase = appErrorFromDatabase(error);
  if (fromDatabase) {
    // A value the schema let through and the database refused is a gap in the schema: worth a look.
    if (fromDatabase.status === 400) request.log.warn({ err: error }, 'the database refused a value the schema accepted');
    return reply.status(fromDatabase.status).send(body(fromDatabase.code, fromDatabase.message));
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    return reply.status(status).send(body(codeForClientStatus(status), error.message));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(body('INTERNAL', MESSAGES.somethingWentWrong, undefined, request.id));
}
