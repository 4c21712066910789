import { CalendarCheck2, MousePointerClick } from 'lucide-react';
import { Link } from 'react-router';
import type { Session } from '@contracts/sessions';
import { formatClock, formatDay, pointsText } from '@/lib/session-format';
import { Button, buttonClasses } from '@/ui/button';
import { Dialog } from '@/ui/dialog';

export const SelectionRequiredPopup = ({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) => (
  <Dialog
    open={open}
    onOpenChange={onOpenChange}
    title="SELECTION REQUIRED"
    size="sm"
    footer={
      <Button onClick={() => onOpenChange(false)} autoFocus>
        OK
      </Button>
    }
  >
    <div className="flex items-start gap-3 text-sm text-slate-600" data-testid="selection-required">
      <MousePointerClick className="mt-0.5 h-5 w-5 shrink-0 text-brand-500" />
      <p>Please select both a date and a time for your session before sending the request.</p>
    </div>
  </Dialog>
);

export const SessionInitiatedPopup = ({ session, onClose }: { session: Session | null; onClose: () => void }) => (
  <Dialog
    open={!!session}
    onOpenChange={(open) => !open && onClose()}
    title="SESSION INITIATED"
    size="sm"
    footer={
      <>
        <Button variant="outline" onClick={onClose}>
          Stay here
        </Button>
        {session && (
          <Link to={`/dashboard?highlight=${encodeURIComponent(session.id)}`} className={buttonClasses('primary')} data-testid="go-to-dashboard">
            Go to Dashboard
          </Link>
        )}
      </>
    }
  >
    {session && (
      <div className="flex items-start gap-3 text-sm text-slate-600" data-testid="session-initiated">
        <CalendarCheck2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-500" />
        <div className="space-y-2">
          <p>
            Your request for <span className="font-medium text-slate-900">{session.skill_name}</span> with{' '}
            <span className="font-medium text-slate-900">{session.instructor.name ?? 'your mentor'}</span> on {formatDay(session.session_date)} at{' '}
            {formatClock(session.session_time)} has been sent.
          </p>
          <p>
            {pointsText(session.cost)} {session.cost === 1 ? 'is' : 'are'} held until the mentor answers. You will get a notification when they do; the video-call link is
            created automatically once the session is confirmed.
          </p>
        </div>
      </div>
    )}
  </Dialog>
);
