import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const cli = path.join(import.meta.dirname, '../src/integrations/nivoda/fake-nivoda-cli.ts');

/**
 * The fake Nivoda in a process of its own (`npm run fake:nivoda`, as a demo machine runs it), so a
 * bench reads the feed over HTTP as a sync does and the fake's CPU is counted apart from the reader's.
 * BENCH_PROFILE_DIR: the fake writes a CPU profile there.
 */
export async function startFakeNivodaProcess(stones: number) {
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', cli, '--port', '0', '--stones', String(stones), '--seed', '1'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const endpoint = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /endpoint (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the fake Nivoda exited with ${code}`)));
  });
  return {
    endpoint,
    /** The settings a sync would hold for it. */
    config: { endpoint, username: 'facet@example.com', password: 'fake-nivoda-password' },
    /** CPU seconds the fake has used so far (its start included). */
    cpuSeconds() {
      const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(stat[11]) + Number(stat[12])) / 100;
    },
    /** Its peak resident set in kB, when /proc tells. */
    peakKilobytes(): number | null {
      const peak = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
      return peak ? Number(peak) : null;
    },
    stop() {
      child.removeAllListeners('exit');
      child.kill('SIGTERM');
    },
  };
}
