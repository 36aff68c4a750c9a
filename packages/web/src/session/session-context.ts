import type { SessionInfo } from '@facet/contract/modules/auth/auth.schema';
import type { PermissionRequirement } from '@facet/contract/permissions';
import { hasPermission } from '@facet/contract/permissions';
import { createContext, useContext } from 'react';

/** The signed-in session; the shell provides it once /api/auth/me (or the login) has answered. */
export const SessionContext = createContext<SessionInfo | null>(null);

export function useSession(): SessionInfo {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession is only available inside the signed-in shell.');
  return session;
}

/** True when the signed-in user may use a feature; a missing requirement means any signed-in user. */
export function canAccess(session: SessionInfo, required: PermissionRequirement | undefined): boolean {
  return required === undefined || hasPermission(session.permissions, required);
}
