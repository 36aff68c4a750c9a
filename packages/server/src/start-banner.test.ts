import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { describeStart } from './start-banner.ts';

describe('what npm start prints', () => {
  const config = { ...loadConfig({ DATA_DIR: '/srv/facet' }), port: 3000 };

  it('gives the address, the database, the Node version and the generated admin password on first start', () => {
    const text = describeStart({ ...config, demoData: true }, 'pglite', { created: true, generatedPassword: 'Gen3rated-pw' }, 'v24.11.0');
    expect(text).toContain('http://localhost:3000');
    expect(text).toContain('Node v24.11.0');
    expect(text).toContain('embedded PostgreSQL (PGlite) in /srv/facet');
    expect(text).toContain('username admin, password Gen3rated-pw');
    expect(text).toContain('Demo-pass1');
    expect(text).toContain('Mail      not sent: SMTP_URL is not set');
    expect(text).not.toContain('Warning');
  });

  it('never prints a database password, and warns of what needs acting on', () => {
    const text = describeStart(
      { ...config, databaseUrl: 'postgres://facet:db-secret@db.internal:5432/shop', demoData: true, smtpUrl: 'smtps://shop:smtp-secret@mail.example.com:465' },
      'postgres',
      { created: false },
      'v20.20.2',
    );
    expect(text).toContain('PostgreSQL at db.internal:5432/shop');
    expect(text).not.toContain('db-secret');
    expect(text).toContain('Mail      SMTP at mail.example.com:465');
    expect(text).not.toContain('smtp-secret');
    expect(text).not.toContain('Admin ');
    expect(text).toMatch(/Warning .*Node v20\.20\.2 is past its end of life/);
    expect(text).toMatch(/Warning .*DEMO_DATA is on for a PostgreSQL database/);
  });
});

describe('the runtime', () => {
  it('is the Node 24 that package.json pins, not the machine Node (npm scripts put it first on PATH)', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
  });
});
