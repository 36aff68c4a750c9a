import { MESSAGES } from '@facet/contract/messages';
import { isApiError } from '../api/client.ts';

/** Spec §8: a refused change shows the server's message as a warning, else 'Something went wrong.'. */
export function failureMessage(error: unknown): string {
  return isApiError(error) && error.status !== 0 ? error.message : MESSAGES.somethingWentWrong;
}

/** A 401 is not reported: the app is already on its way to /login. */
export const isWorthReporting = (error: unknown) => !isApiError(error, 401);
