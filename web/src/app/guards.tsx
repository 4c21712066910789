import { RefreshCw, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { adminAccessTexts } from '@contracts/admin-access';
import { Navigate, Outlet } from 'react-router';
import { useAuth } from '@/lib/current-user';
import { currentPath, goToLogin, loginUrl, markSigningIn } from '@/lib/login';
import { AccessDenied } from '@/ui/access-states';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { FullPageSpinner } from '@/ui/spinner';

/** A full-page navigation to the server's sign-in, remembering where the member wanted to go. */
const SendToLogin = ({ returnTo }: { returnTo?: string }) => {
  useEffect(() => {
    goToLogin(returnTo);
  }, [returnTo]);
  return <FullPageSpinner label="Redirecting to sign in..." />;
};

const AuthUnavailable = ({ retry }: { retry: () => void }) => (
  <EmptyState
    icon={<WifiOff />}
    title="We can't reach SkillSwap right now"
    action={
      <Button variant="outline" onClick={retry}>
        <RefreshCw className="h-4 w-4" /> Try again
      </Button>
    }
  >
    Your sign-in status could not be checked. Check your connection and try again.
  </EmptyState>
);

export const RequireAuth = () => {
  const auth = useAuth();
  if (auth.status === 'loading') return <FullPageSpinner />;
  if (auth.status === 'anonymous') return <SendToLogin returnTo={currentPath()} />;
  if (auth.status === 'error') return <AuthUnavailable retry={auth.retry} />;
  return <Outlet />;
};

/**
 * Must sit inside RequireAuth: by then the member is known, and a non-admin who opens an admin page goes to
 * /feed (spec 002 §2). An admin whose rights end while a page is open (an admin read answered 403 and the
 * current user was read again) is told so in place, with their e-mail, rather than moved away unexplained.
 */
export const RequireAdmin = () => {
  const auth = useAuth();
  const isAdmin = auth.status === 'authenticated' && auth.user.isAdmin;
  const [wasAdmin, setWasAdmin] = useState(false);
  useEffect(() => {
    if (isAdmin) setWasAdmin(true);
  }, [isAdmin]);
  if (auth.status !== 'authenticated') return <FullPageSpinner label={adminAccessTexts.checking} />;
  if (isAdmin) return <Outlet />;
  return wasAdmin ? <AccessDenied email={auth.user.email} /> : <Navigate to="/feed" replace />;
};

/**
 * Public pages that a signed-in member skips (the landing page). The page renders at once rather
 * than waiting for the current-user query.
 */
export const RedirectSignedIn = ({ to }: { to: string }) => {
  const auth = useAuth();
  return auth.status === 'authenticated' ? <Navigate to={to} replace /> : <Outlet />;
};

/** /login and /register are only doors to the server's sign-in. */
export const LoginRedirect = () => {
  useEffect(() => {
    markSigningIn();
    window.location.replace(loginUrl('/feed'));
  }, []);
  return <FullPageSpinner label="Redirecting to sign in..." />;
};
