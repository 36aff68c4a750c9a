import { Writable } from 'node:stream';
import { MESSAGES } from '@facet/contract/messages';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleError } from './errors.ts';

/** A PostgreSQL error as node-postgres and PGlite raise it, wrapped the way Drizzle wraps it. */
function databaseError(code: string, constraint?: string) {
  const cause = Object.assign(new Error(`database error ${code}`), { code, constraint });
  return Object.assign(new Error('Failed query: insert into ...'), { cause });
}

describe('database errors become the answers a client can act on', () => {
  const logged: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(JSON.parse(String(chunk)).msg);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  beforeAll(async () => {
    app.setErrorHandler(handleError);
    app.get('/raise/:code', async (request) => {
      throw databaseError((request.params as { code: string }).code, 'some_index');
    });
    app.get('/node-error', async () => {
      throw Object.assign(new Error('broken pipe'), { code: 'EPIPE' });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const raise = async (code: string) => (await app.inject({ method: 'GET', url: `/raise/${code}` })).json();

  it('answers a unique violation that no service mapped with 409', async () => {
    expect(await raise('23505')).toEqual({ error: { code: 'CONFLICT', message: MESSAGES.duplicateRecord } });
  });

  it('answers a foreign key violation (a referenced row gone meanwhile) with 409', async () => {
    expect(await raise('23503')).toEqual({ error: { code: 'CONFLICT', message: MESSAGES.referencedRecordGone } });
  });

  it.each(['40P01', '40001'])('answers a deadlock or serialization failure (%s) with 409 "try again"', async (code) => {
    expect(await raise(code)).toEqual({ error: { code: 'CONFLICT', message: MESSAGES.concurrentChange } });
  });

  it.each(['22021', '22003', '22P02', '22P05'])('answers a value the database cannot hold (%s) with 400, and logs the gap in the schema', async (code) => {
    logged.length = 0;
    expect(await raise(code)).toEqual({ error: { code: 'VALIDATION_FAILED', message: MESSAGES.valueNotStorable } });
    expect(logged).toEqual(['the database refused a value the schema accepted']);
  });

  it('keeps other database errors and Node errors as 500 with only a request id', async () => {
    const missingTable = await app.inject({ method: 'GET', url: '/raise/42P01' });
    expect(missingTable.statusCode).toBe(500);
    expect(missingTable.json().error).toMatchObject({ code: 'INTERNAL', message: MESSAGES.somethingWentWrong });
    expect((await app.inject({ method: 'GET', url: '/node-error' })).statusCode).toBe(500);
  });
});
