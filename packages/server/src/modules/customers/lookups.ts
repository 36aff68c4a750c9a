import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { LookupEntry } from '@facet/contract/modules/customers/lookup.schema';

/**
 * Countries, states and cities from the `country-state-city` package's data files (about 150,000
 * cities, 8 MB of JSON), read once per process on the first lookup or address check (never at
 * start-up, never in the web bundle: the screens ask GET /api/lookups/...). Only names and codes are
 * kept, about 10 MB of heap. Importing the package instead kept its parsed objects (coordinates, time
 * zones) alive for good, and parsing the cities whole grew the heap by some 40 MB that stayed with
 * the process as RSS, which a server exporting 100,000 customers could not spare (issue 13 holds the
 * export to 300 MB). Countries and states are known by their ISO codes, cities by their name within
 * their state.
 */
interface Place {
  code: string;
  name: string;
}
interface Places {
  countries: Place[];
  countryNames: Map<string, string>;
  states: Map<string, Place[]>;
  stateNames: Map<string, string>;
  /** City names by `country:state`. */
  cities: Map<string, string[]>;
}

let loading: Promise<Places> | undefined;

// Its data files are read, never imported (so knip.json names the package as used).
const dataFile = (name: string) => path.join(path.dirname(createRequire(import.meta.url).resolve('country-state-city/package.json')), 'lib', 'assets', name);

/** One city row of city.json, `["name","country","state",...`; a name may hold JSON escapes. */
const CITY_ROW = /\["((?:[^"\\]|\\.)*)","([^"]*)","([^"]*)"/g;

/**
 * city.json's rows as [name, country, state], read in chunks: never the whole file as one string, nor
 * 150,000 parsed rows at once. A chunk's last, unfinished row is carried into the next.
 */
async function* cityRows(): AsyncGenerator<[name: string, countryCode: string, stateCode: string]> {
  let carry = '';
  for await (const chunk of createReadStream(dataFile('city.json'), { encoding: 'utf8', highWaterMark: 64 * 1024 })) {
    const text = carry + (chunk as string);
    let consumed = 0;
    for (const match of text.matchAll(CITY_ROW)) {
      const [, name, countryCode, stateCode] = match;
      // Sliced from the chunk, a name would keep the chunk alive: copied.
      yield [name!.includes('\\') ? (JSON.parse(`"${name}"`) as string) : (' ' + name).slice(1), countryCode!, stateCode!];
      consumed = match.index + match[0].length;
    }
    carry = text.slice(consumed);
  }
}

async function loadPlaces(): Promise<Places> {
  const countryRows = JSON.parse(await readFile(dataFile('country.json'), 'utf8')) as { isoCode: string; name: string }[];
  const stateRows = JSON.parse(await readFile(dataFile('state.json'), 'utf8')) as { isoCode: string; name: string; countryCode: string }[];
  const countries = countryRows.map((c) => ({ code: c.isoCode, name: c.name }));
  const states = new Map<string, Place[]>();
  const stateNames = new Map<string, string>();
  for (const state of stateRows) {
    const list = states.get(state.countryCode) ?? [];
    list.push({ code: state.isoCode, name: state.name });
    states.set(state.countryCode, list);
    stateNames.set(`${state.countryCode}:${state.isoCode}`, state.name);
  }
  const cities = new Map<string, string[]>();
  for await (const [name, countryCode, stateCode] of cityRows()) {
    const key = `${countryCode}:${stateCode}`;
    const list = cities.get(key) ?? [];
    list.push(name);
    cities.set(key, list);
  }
  const byName = (a: Place, b: Place) => a.name.localeCompare(b.name);
  countries.sort(byName);
  for (const list of states.values()) list.sort(byName);
  // The package lists a few cities twice in one state; a select offers each name once.
  for (const [key, list] of cities) cities.set(key, [...new Set(list)].sort((a, b) => a.localeCompare(b)));
  return { countries, countryNames: new Map(countries.map((c) => [c.code, c.name])), states, stateNames, cities };
}

/** The lookup data, loaded once (concurrent first callers share the one load). */
export function places(): Promise<Places> {
  loading ??= loadPlaces().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

function matching<T>(items: readonly T[], nameOf: (item: T) => string, search: string | undefined, limit: number): T[] {
  const needle = search?.toLowerCase();
  const found: T[] = [];
  for (const item of items) {
    if (needle && !nameOf(item).toLowerCase().includes(needle)) continue;
    found.push(item);
    if (found.length >= limit) break;
  }
  return found;
}

export async function lookupCountries(search: string | undefined, limit: number): Promise<LookupEntry[]> {
  const { countries } = await places();
  return matching(countries, (c) => c.name, search, limit).map((c) => ({ id: c.code, name: c.name }));
}

export async function lookupStates(countryId: string, search: string | undefined, limit: number): Promise<LookupEntry[]> {
  const { states } = await places();
  return matching(states.get(countryId) ?? [], (s) => s.name, search, limit).map((s) => ({ id: s.code, name: s.name, countryId }));
}

export async function lookupCities(countryId: string, stateId: string, search: string | undefined, limit: number): Promise<LookupEntry[]> {
  const { cities } = await places();
  return matching(cities.get(`${countryId}:${stateId}`) ?? [], (c) => c, search, limit).map((name) => ({ id: name, name, countryId, stateId }));
}

/** Names of a country and of a state in it ('' for a code the lookups no longer hold). */
export async function placeNames(countryId: string, stateId: string): Promise<{ countryName: string; stateName: string }> {
  const { countryNames, stateNames } = await places();
  return { countryName: countryNames.get(countryId) ?? '', stateName: stateNames.get(`${countryId}:${stateId}`) ?? '' };
}

/** Which of country, state and city the lookups do not hold together: the field to blame, or null. */
export async function locationProblem(countryId: string, stateId: string, city: string): Promise<'countryId' | 'stateId' | 'city' | null> {
  const { countryNames, stateNames, cities } = await places();
  if (!countryNames.has(countryId)) return 'countryId';
  if (!stateNames.has(`${countryId}:${stateId}`)) return 'stateId';
  // A state the package lists no cities for takes the city as typed (the form offers a text box then).
  const names = cities.get(`${countryId}:${stateId}`);
  return !names || names.includes(city) ? null : 'city';
}
