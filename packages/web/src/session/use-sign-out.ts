import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { endServerSession } from './session.api.ts';

export interface SignOutOptions {
  /** False when the server has already ended the session (e.g. after changing your own password). */
  endOnServer: boolean;
  /** A short explanation shown on the login page. */
  notice?: string;
}

/** Forgets the session in the browser and goes to /login. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async ({ endOnServer, notice }: SignOutOptions) => {
      if (endOnServer) await endServerSession().catch(() => undefined);
      await navigate('/login', { replace: true, state: notice ? { notice } : undefined });
      // Cleared after leaving the shell, so nothing still on screen refetches with a dead session.
      queryClient.clear();
    },
    [navigate, queryClient],
  );
}
