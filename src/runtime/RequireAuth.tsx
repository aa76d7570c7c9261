import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { currentToken } from '../state/auth';
import { loginRouteFor } from '../state/session-expiry';

/** Routes whose auth is not false need a valid token; otherwise go to login carrying the route. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!currentToken()) return <Navigate to={loginRouteFor(location.pathname + location.search)} replace />;
  return <>{children}</>;
}
