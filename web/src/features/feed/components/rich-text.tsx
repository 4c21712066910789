// A post's or comment's text as React elements (issue 20 point 3): mentions link to the member's
// profile, #tags and links are elements, everything else is text. Never HTML.
import { Link } from 'react-router';
import { useMemo } from 'react';
import { textSegments, THE_S_BRAIN_ID } from '../feed-constants';
import type { ResolvedMentionView } from '../api/feed-view';

const normalise = (name: string) => name.trim().replace(/\s+/gu, ' ').toLowerCase();

export const RichText = ({ text, mentions, className }: { text: string; mentions: readonly ResolvedMentionView[]; className?: string }) => {
  const segments = useMemo(() => textSegments(text, new Map(mentions.map((m) => [normalise(m.name), m.id]))), [text, mentions]);
  return (
    <p className={className ?? 'text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800'}>
      {segments.map((segment, i) => {
        switch (segment.kind) {
          case 'mention':
            // The S brain has no profile to open.
            if (segment.memberId === THE_S_BRAIN_ID)
              return (
                <span key={i} className="font-medium text-violet-700" data-testid="mention">
                  {segment.text}
                </span>
              );
            return (
              <Link key={i} to={`/profile/${encodeURIComponent(segment.memberId)}`} className="font-medium text-brand-700 hover:underline" data-testid="mention">
                {segment.text}
              </Link>
            );
          case 'tag':
            return (
              <span key={i} className="font-medium text-emerald-700" data-testid="tag">
                {segment.text}
              </span>
            );
          case 'link':
            return (
              <a key={i} href={segment.href} target="_blank" rel="noopener noreferrer nofollow ugc" className="text-brand-700 underline break-all">
                {segment.text}
              </a>
            );
          default:
            return <span key={i}>{segment.text}</span>;
        }
      })}
    </p>
  );
};

/** The first http(s) link of a text, for its preview card. */
export const firstLink = (text: string): string | null => textSegments(text, new Map()).find((s) => s.kind === 'link')?.text ?? null;
