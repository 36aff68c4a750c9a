/**
 * Other spellings of one route's path that a router may read as the same route: percent-encoding,
 * doubled slashes, dot segments, case, the absolute request form, and more. A guard that looked at
 * the URL as sent could be walked around by any of them (issue 22, item 1); the guard decides on the
 * route that matched, and these spellings keep it so (`http/path-spelling.test.ts`, the hostile walk).
 * `path` is a concrete /api path (`/api/customers/1`).
 */
export function pathSpellings(path: string): { what: string; path: string }[] {
  if (!path.startsWith('/api/')) throw new Error(`not an /api path: ${path}`);
  const rest = path.slice('/api/'.length);
  const encodeEvery = (segment: string) => [...segment].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
  return [
    { what: 'first letter percent-encoded', path: `/%61pi/${rest}` },
    { what: 'every character percent-encoded', path: `/${path.slice(1).split('/').map(encodeEvery).join('/')}` },
    { what: 'upper-case percent-encoding', path: `/%41PI/${rest}` },
    { what: 'doubly percent-encoded', path: `/%2561pi/${rest}` },
    { what: 'doubled leading slash', path: `//api/${rest}` },
    { what: 'doubled inner slash', path: `/api//${rest}` },
    { what: 'dot segment', path: `/./api/${rest}` },
    { what: 'inner dot segment', path: `/api/./${rest}` },
    { what: 'dot-dot segment', path: `/x/../api/${rest}` },
    { what: 'encoded dot-dot segment', path: `/x/%2e%2e/api/${rest}` },
    { what: 'upper case', path: path.toUpperCase() },
    { what: 'mixed case', path: `/Api/${rest}` },
    { what: 'absolute form', path: `http://x${path}` },
    { what: 'absolute form, encoded', path: `http://x/%61pi/${rest}` },
    { what: 'trailing slash', path: `${path}/` },
    { what: 'backslash', path: `/api\\${rest}` },
    { what: 'semicolon parameter', path: `/api;x=1/${rest}` },
    { what: 'encoded slash', path: `/api%2f${rest}` },
  ];
}
