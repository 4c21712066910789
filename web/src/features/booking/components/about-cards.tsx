import { BookOpen, CalendarDays, Coins, Hourglass, Repeat2, UserRound, Video, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SkillTaught, User } from '@contracts/members';
import { DEFAULT_SESSION_DURATION, sessionCost } from '@contracts/sessions';
import { formatMonth } from '@/lib/dates';
import { pointsText } from '@/lib/session-format';
import { Badge } from '@/ui/badge';
import type { BadgeTone } from '@/ui/badge';
import { Card, CardBody, CardHeader } from '@/ui/card';
import { Notice } from '@/ui/notice';

const levelTone: Record<SkillTaught['experienceLevel'], BadgeTone> = { beginner: 'success', intermediate: 'info', advanced: 'brand', expert: 'warning' };

const Fact = ({ icon, label, value, testId }: { icon: ReactNode; label: string; value: ReactNode; testId?: string }) => (
  <div className="flex items-center gap-3 rounded-xl bg-slate-50 px-3.5 py-3">
    <span className="text-slate-400 [&>svg]:h-5 [&>svg]:w-5">{icon}</span>
    <div className="min-w-0">
      <p className="text-xs text-slate-500">{label}</p>
      <p className="font-semibold text-slate-900" data-testid={testId}>
        {value}
      </p>
    </div>
  </div>
);

export const AboutSkill = ({ skill, balance }: { skill: SkillTaught; balance: number }) => (
  <Card>
    <CardHeader
      icon={<BookOpen className="h-5 w-5" />}
      title="About This Skill"
      action={
        <Badge tone={levelTone[skill.experienceLevel]} className="capitalize">
          {skill.experienceLevel}
        </Badge>
      }
    />
    <CardBody className="space-y-4">
      <p className="leading-7 whitespace-pre-line text-slate-700" data-testid="booking-skill-description">
        {skill.description}
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <Fact icon={<Hourglass />} label="Duration" value="45 min to 1.5 hours" />
        <Fact icon={<Coins />} label="Cost" value={`${pointsText(sessionCost(DEFAULT_SESSION_DURATION, skill.pointsPerHour))} per hour`} />
        <Fact icon={<Wallet />} label="Your balance" value={pointsText(balance)} testId="booking-balance" />
      </div>
    </CardBody>
  </Card>
);

const joined = (iso: string) => formatMonth(iso) || '–';

export const AboutInstructor = ({ mentor }: { mentor: User }) => (
  <Card>
    <CardHeader icon={<UserRound className="h-5 w-5" />} title="About the Instructor" />
    <CardBody className="space-y-4">
      <p className="leading-7 whitespace-pre-line text-slate-700">
        {mentor.bio || <span className="text-slate-500 italic">{mentor.name} has not written a bio yet.</span>}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Fact icon={<Repeat2 />} label="Completed sessions" value={mentor.completedSwaps} testId="booking-completed-sessions" />
        <Fact icon={<CalendarDays />} label="Joined" value={joined(mentor.joinedDate)} />
      </div>
    </CardBody>
  </Card>
);

export const MeetingLinkNote = () => (
  <Notice tone="info" icon={<Video />} title="The meeting link is created automatically">
    Once the mentor approves your request, a video-call link appears on the session in your dashboard. No setup needed.
  </Notice>
);
