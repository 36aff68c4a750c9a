// `npm start`: build the web app if it has not been built, then run the server (migrations, bootstrap,
// listen). It prints what a person needs (address, database, first admin password, warnings); the
// build's own output is shown only when the build fails, and request logs only at LOG_LEVEL=info.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { SERVER_NODE_ARGS, serverEnv } from '../packages/server/src/server-command.ts';

const root = new URL('..', import.meta.url).pathname;
if (!fs.existsSync(`${root}packages/web/dist/index.html`)) {
  console.log('Building the web app (first start only, about a minute)...');
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', '@facet/web'], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    console.error('The web app did not build; see above.');
    process.exit(build.status ?? 1);
  }
}
const server = spawn(process.execPath, [...SERVER_NODE_ARGS], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL || 'warn' }),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
