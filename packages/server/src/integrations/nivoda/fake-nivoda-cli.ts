/**
 * `npm run fake:nivoda`: a fake Nivoda on this machine, so staff can try a real sync on a demo
 * machine and benches can read a million stones. Prints the endpoint, username and password to put
 * in the Nivoda settings.
 *
 *   npm run fake:nivoda -- --stones 100000 --port 4010 --seed 1 --token-lifetime-minutes 360
 */
import { parseArgs } from 'node:util';
import { startFakeNivoda } from './fake-server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    stones: { type: 'string', default: '20000' },
    seed: { type: 'string', default: '1' },
    username: { type: 'string', default: 'facet@example.com' },
    password: { type: 'string', default: 'fake-nivoda-password' },
    'token-lifetime-minutes': { type: 'string', default: '360' },
  },
});

const started = performance.now();
const fake = await startFakeNivoda({
  port: Number(values.port),
  host: values.host,
  stones: Number(values.stones),
  seed: Number(values.seed),
  username: values.username,
  password: values.password,
  tokenLifetimeMs: Number(values['token-lifetime-minutes']) * 60 * 1000,
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
// The first line is read by the bench (and by anyone scripting it): keep its shape.
console.log(`Fake Nivoda listening: endpoint ${fake.endpoint}`);
console.log(`  stones:   ${fake.inventory.size.toLocaleString('en-GB')} (seed ${values.seed}, generated in ${seconds} s)`);
console.log(`  username: ${fake.username}`);
console.log(`  password: ${fake.password}`);
console.log('Put these in the Nivoda settings (endpoint, username, password). Ctrl+C stops it.');

const shutdown = () => {
  void fake.close().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
