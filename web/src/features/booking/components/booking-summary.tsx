import { AlertCircle } from 'lucide-react';
import type { SkillTaught } from '@contracts/members';
import type { SessionDuration } from '@contracts/sessions';
import { formatClock, formatDay, pointsText } from '@/lib/session-format';
import { Notice } from '@/ui/notice';
import { durationLabels, insufficientText } from '../booking-rules';

export interface BookingSummaryProps {
  skill: SkillTaught;
  mentorName: string;
  date: string;
  time: string;
  duration: SessionDuration;
  cost: number;
  balance: number | undefined;
}

const Row = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <div className="flex justify-between gap-4">
    <dt className="text-slate-500">{label}</dt>
    <dd className="text-right font-medium text-slate-900" data-testid={testId}>
      {value}
    </dd>
  </div>
);

export const BookingSummary = ({ skill, mentorName, date, time, duration, cost, balance }: BookingSummaryProps) => {
  const short = balance !== undefined && balance < cost;
  return (
    <div className="space-y-3">
      <dl className="space-y-1.5 rounded-xl bg-slate-50 px-4 py-3 text-sm" aria-label="Summary" data-testid="booking-summary">
        <Row label="Skill" value={`${skill.name} with ${mentorName}`} />
        <Row label="When" value={date && time ? `${formatDay(date)}, ${formatClock(time)}` : 'Pick a date and time'} />
        <Row label="Duration" value={durationLabels[duration]} />
        <Row label="Cost" value={pointsText(cost)} testId="booking-cost" />
        {balance !== undefined && <Row label="Your balance" value={pointsText(balance)} />}
      </dl>
      {short && (
        <Notice tone="danger" role="alert" icon={<AlertCircle />} data-testid="insufficient-points">
          {insufficientText(cost)}. You have {pointsText(balance)}; teach a session to earn more.
        </Notice>
      )}
    </div>
  );
};
