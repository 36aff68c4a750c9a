/**
 * A CPU profile of this process while `work` runs (the V8 sampling profiler through node:inspector),
 * summed into where the time went: by function (self time) and by the package or source folder the
 * function lives in. Percentages are of the samples where the process was busy (idle left out).
 */
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives: an npm package, a folder of our source, node's own code, or V8 itself. */
function placeOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1]!;
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const source = /\/packages\/([^/]+)\/src\/(.*)\/[^/]+$/.exec(url);
  if (source) return `${source[1]}/${source[2]}`;
  return url.replace(/^.*\//, '');
}

/** The file of a frame, from the package or source folder down. */
function fileOf(url: string): string {
  return url.replace(/^.*node_modules\//, '').replace(/^.*\/packages\//, '').replace(/^file:\/\//, '');
}

export interface ProfileSummary {
  /** Self time by function, most first: [label, percent of busy samples]. */
  functions: [string, number][];
  /** Self time by package or source folder, most first. */
  places: [string, number][];
  busySamples: number;
}

export function summarise(profile: Profile): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  // The profiler's own work of handing the profile over (node:inspector and what it calls) is not the server's.
  const profilerOwn = new Set<number>();
  const markProfiler = (node: ProfileNode, inProfiler: boolean) => {
    const isOwn = inProfiler || node.callFrame.url === 'node:inspector';
    if (isOwn) profilerOwn.add(node.id);
    for (const child of node.children ?? []) markProfiler(byId.get(child)!, isOwn);
  };
  if (profile.nodes[0]) markProfiler(profile.nodes[0], false);
  const functions = new Map<string, number>();
  const places = new Map<string, number>();
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]!)!;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)' || profilerOwn.has(node.id)) continue;
    const weight = profile.timeDeltas[i] ?? 0;
    busy += weight;
    const place = placeOf(url, functionName);
    const label = `${functionName || '(anonymous)'} ${fileOf(url)}${url ? `:${lineNumber + 1}` : ''}`;
    functions.set(label, (functions.get(label) ?? 0) + weight);
    places.set(place, (places.get(place) ?? 0) + weight);
  }
  const ranked = (map: Map<string, number>) =>
    [...map].sort((a, b) => b[1] - a[1]).map(([label, time]): [string, number] => [label, (100 * time) / Math.max(1, busy)]);
  return { functions: ranked(functions), places: ranked(places), busySamples: busy };
}

/** Runs `work` under the profiler; writes the raw .cpuprofile to `savePath` when given (Chrome DevTools opens it). */
export async function profileDuring<T>(work: () => Promise<T>, savePath?: string): Promise<{ result: T; summary: ProfileSummary }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  const stop = async () => {
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    session.disconnect();
    return profile;
  };
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await stop();
    throw error;
  }
  const profile = await stop();
  if (savePath) writeFileSync(savePath, JSON.stringify(profile));
  return { result, summary: summarise(profile) };
}

/** The summary as a few printed lines: the top places and the top functions. */
export function formatSummary(summary: ProfileSummary, top = 12): string {
  const line = ([label, percent]: [string, number]) => `  ${percent.toFixed(1).padStart(5)}%  ${label}`;
  return [
    'by package or source folder (self time, % of busy CPU):',
    ...summary.places.slice(0, top).map(line),
    'by function (self time):',
    ...summary.functions.slice(0, top).map(line),
  ].join('\n');
}
