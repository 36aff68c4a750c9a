/**
 * The path a request names, as a router that decodes, folds and resolves would read it: the
 * absolute request form's scheme and host dropped, percent-encoding decoded, backslashes and runs
 * of slashes made one slash, dot segments resolved, letters lower-cased. Used where no route
 * matched, to tell an unknown spelling of an API path (answered 404, never the web app) from a
 * page of the web app; the guard itself never looks at the URL, only at the route that matched.
 */
export function canonicalPath(rawUrl: string): string {
  let path = rawUrl.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/)[0] ?? '';
  // Decoded until nothing changes (a proxy in front may decode once more than we do), at most a few times.
  for (let round = 0; round < 4 && path.includes('%'); round++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      // Not valid percent-encoding: no router decodes it either; read as it is.
      break;
    }
  }
  const segments: string[] = [];
  for (const segment of path.toLowerCase().split(/[/\\]+/)) {
    // `;name=value` path parameters, which some servers drop before routing.
    const name = segment.split(';')[0]!;
    if (name === '..') segments.pop();
    else if (name !== '.' && name !== '') segments.push(name);
  }
  return `/${segments.join('/')}`;
}

/** Whether a request's URL, however spelled, names something under /api. */
export function isApiPath(rawUrl: string): boolean {
  const path = canonicalPath(rawUrl);
  return path === '/api' || path.startsWith('/api/');
}
