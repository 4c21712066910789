// The admin area's inline access states (spec 002 §2): drawn by RequireAdmin when the rights end while a
// page is open, and by the dashboard when one of its reads is refused (401: signed out; 403: no rights).
import { LogIn, ShieldAlert, ShieldX } from 'lucide-react';
import { Link } from 'react-router';
import { adminAccessTexts } from '@contracts/admin-access';
import { Button, buttonClasses } from './button';
import { EmptyState } from './empty-state';

export const AccessRequired = ({ onLogIn }: { onLogIn: () => void }) => (
  <div data-testid="admin-access-required">
    <EmptyState
      icon={<ShieldAlert />}
      title={adminAccessTexts.requiredTitle}
      action={
        <Button onClick={onLogIn}>
          <LogIn className="h-4 w-4" aria-hidden /> {adminAccessTexts.logIn}
        </Button>
      }
    >
      {adminAccessTexts.requiredBody}
    </EmptyState>
  </div>
);

export const AccessDenied = ({ email }: { email: string }) => (
  <div data-testid="admin-access-denied">
    <EmptyState
      icon={<ShieldX />}
      title={adminAccessTexts.deniedTitle}
      action={
        <Link to="/" className={buttonClasses('primary')}>
          {adminAccessTexts.backHome}
        </Link>
      }
    >
      {adminAccessTexts.deniedBody(email)}
    </EmptyState>
  </div>
);
