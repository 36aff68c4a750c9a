import type { LoginInput, SessionInfo } from '@facet/contract/modules/auth/auth.schema';
import { apiRequest } from '../api/client.ts';

/** The signed-in user's session, as the server describes it (user, permission keys, catalogue). */
export const SESSION_QUERY_KEY = ['session'] as const;

export const fetchSession = () => apiRequest<SessionInfo>('/api/auth/me');

export const signIn = (input: LoginInput) => apiRequest<SessionInfo>('/api/auth/login', { method: 'POST', body: input });

export const endServerSession = () => apiRequest<void>('/api/auth/logout', { method: 'POST' });

/** Spec: with an empty permission list or catalogue the session is unusable and must be ended. */
export const isUsableSession = (session: SessionInfo) => session.permissions.length > 0 && session.catalogue.length > 0;

/** Shown on the login page when a session has no permissions (worded here: the spec only says the user is sent to /login). */
export const NO_PERMISSIONS_MESSAGE = 'Your account has no permissions yet. Please ask an administrator to assign a role.';
