// One feature's card (spec 002 §2): its title and text, the status an admin set with their note, the
// three vote buttons with their counts (shown side by side, never netted), the share who like it and the
// number of votes, and the toggle of its discussion. The member's own vote is pressed; the buttons wait
// while a vote is saved.
import clsx from 'clsx';
import { Meh, MessageSquare, ThumbsDown, ThumbsUp } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { comingSoonTexts, FEATURE_STATUS_LABELS, likePercent, type FeatureStatus, type FeatureText, type VoteType } from '@contracts/feature-votes';
import { useCurrentUser } from '@/lib/current-user';
import { errorText, isStatus } from '@/lib/http';
import { toast } from '@/lib/toast-store';
import { Badge, type BadgeTone } from '@/ui/badge';
import { Card } from '@/ui/card';
import { useCastVote, useFeatureVoteCounts, useUserVote } from '../api/feature-votes-api';
import { useDiscussionStore } from '../discussion-store';
import { FeatureDiscussion } from './feature-discussion';
import { FeatureStatusForm } from './feature-status-form';

const voteButtons: { type: VoteType; label: string; icon: LucideIcon; pressed: string }[] = [
  { type: 'like', label: 'Like', icon: ThumbsUp, pressed: 'border-emerald-600 bg-emerald-50 text-emerald-800' },
  { type: 'neutral', label: 'Neutral', icon: Meh, pressed: 'border-slate-600 bg-slate-100 text-slate-900' },
  { type: 'dislike', label: 'Dislike', icon: ThumbsDown, pressed: 'border-red-600 bg-red-50 text-red-800' },
];

const statusTones: Record<FeatureStatus, BadgeTone> = { open: 'neutral', planned: 'info', started: 'brand', completed: 'success', declined: 'danger' };

export const FeatureCard = ({ feature }: { feature: FeatureText }) => {
  const counts = useFeatureVoteCounts(feature.id);
  const own = useUserVote(feature.id);
  const cast = useCastVote(feature.id);
  const isAdmin = useCurrentUser().data?.isAdmin === true;
  const open = useDiscussionStore((s) => s.openFeatureId === feature.id);
  const toggle = useDiscussionStore((s) => s.toggle);
  const vote = (type: VoteType) =>
    cast.mutate(type, {
      onError: (error) => (isStatus(error, 401) ? toast.error(comingSoonTexts.logInToVote) : toast.error('Vote not saved', errorText(error, 'Please try again.'))),
    });
  const data = counts.data;
  const total = data ? data.like + data.neutral + data.dislike : 0;
  const discussionId = `discussion-panel-${feature.id}`;
  return (
    <Card className="flex flex-col overflow-hidden" data-testid={`feature-${feature.id}`}>
      <div className="flex-1 px-5 pt-5 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">{feature.title}</h2>
          {data && data.status !== 'open' && (
            <Badge tone={statusTones[data.status]} className="shrink-0">
              {FEATURE_STATUS_LABELS[data.status]}
            </Badge>
          )}
        </div>
        <p className="mt-1 text-sm text-slate-600">{feature.description}</p>
        {data?.status_note && (
          <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="status-note">
            {data.status_note}
          </p>
        )}
      </div>
      <div className="px-5 pt-4 pb-5 sm:px-6">
        {counts.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {comingSoonTexts.votesFailed}
          </p>
        ) : (
          <p className="text-sm text-slate-600" data-testid="vote-summary">
            <span className="font-semibold text-slate-900">{likePercent(data ?? { like: 0, neutral: 0, dislike: 0 })}%</span> like it · {total}{' '}
            {total === 1 ? 'vote' : 'votes'}
          </p>
        )}
        <div className="mt-3 grid grid-cols-3 gap-2" role="group" aria-label={`Your vote on ${feature.title}`}>
          {voteButtons.map(({ type, label, icon: Icon, pressed }) => {
            const isOwn = own.data === type;
            return (
              <button
                key={type}
                type="button"
                aria-pressed={isOwn}
                disabled={cast.isPending}
                onClick={() => vote(type)}
                data-testid={`vote-${type}`}
                className={clsx(
                  'flex h-10 items-center justify-center gap-1.5 rounded-lg border text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60',
                  isOwn ? pressed : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                )}
              >
                <Icon className="h-4 w-4" aria-hidden />
                <span>{label}</span>
                <span className="tabular-nums">{data?.[type] ?? 0}</span>
              </button>
            );
          })}
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? discussionId : undefined}
          onClick={() => toggle(feature.id)}
          data-testid="toggle-discussion"
          className="mt-4 inline-flex items-center gap-2 rounded-lg text-sm font-medium text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <MessageSquare className="h-4 w-4" aria-hidden />
          {open ? 'Hide discussion' : 'Discussion'}
        </button>
        {isAdmin && data && <FeatureStatusForm featureId={feature.id} title={feature.title} status={data.status} note={data.status_note} />}
      </div>
      {open && (
        <div id={discussionId}>
          <FeatureDiscussion featureId={feature.id} title={feature.title} />
        </div>
      )}
    </Card>
  );
};
