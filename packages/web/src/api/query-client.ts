import { QueryCache, QueryClient } from '@tanstack/react-query';

let reportQueryError: (error: Error) => void = () => {};

/**
 * The shell decides how a failed load is shown (spec §8: a failed GET shows 'Something went wrong.');
 * it registers that here once its toast API exists, so the entry chunk stays free of antd's App.
 */
export function onQueryError(handler: (error: Error) => void): () => void {
  reportQueryError = handler;
  return () => {
    if (reportQueryError === handler) reportQueryError = () => {};
  };
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error) => reportQueryError(error) }),
  defaultOptions: {
    // A staff tool on a fast network: show failures at once rather than retrying behind a spinner.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
