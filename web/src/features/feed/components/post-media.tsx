// A post's attachments (spec 001 §3): images and videos kept to their aspect ratio (9:16, 3:4, 16:9, or
// their own size when custom), and the link previews of GET /api/og.
import { useState, type CSSProperties } from 'react';
import { previewImageUrl } from '@contracts/link-preview-image';
import type { PostCard } from '../api/feed-view';
import { useLinkPreview } from '../api/og-api';

type MediaAttachment = PostCard['media_attachments'][number];

const ratios: Record<string, string> = { '9:16': '9 / 16', '3:4': '3 / 4', '16:9': '16 / 9' };

export const aspectStyle = (media: Pick<MediaAttachment, 'aspectRatio' | 'width' | 'height'>): CSSProperties => {
  const fixed = media.aspectRatio ? ratios[media.aspectRatio] : undefined;
  if (fixed) return { aspectRatio: fixed };
  if (media.width && media.height) return { aspectRatio: `${media.width} / ${media.height}` };
  return {};
};

const MediaItem = ({ media }: { media: MediaAttachment }) => {
  if (media.type === 'video')
    return (
      <video
        controls
        preload="metadata"
        src={media.url}
        poster={media.thumbnailUrl ?? undefined}
        className="w-full rounded-xl bg-black object-contain"
        style={aspectStyle(media)}
      />
    );
  if (media.type === 'link')
    return (
      <a href={media.url} target="_blank" rel="noopener noreferrer nofollow ugc" className="block rounded-xl border border-slate-200 p-3 hover:bg-slate-50">
        <span className="block text-sm font-medium text-slate-900">{media.title ?? media.url}</span>
        {media.description && <span className="mt-0.5 line-clamp-2 block text-xs text-slate-500">{media.description}</span>}
        {media.provider && <span className="mt-1 block text-xs text-slate-500">{media.provider}</span>}
      </a>
    );
  return (
    <img
      src={media.url}
      alt={media.title ?? media.description ?? 'Attached image'}
      loading="lazy"
      className="max-h-[32rem] w-full rounded-xl bg-slate-100 object-cover"
      style={aspectStyle(media)}
      data-testid="post-image"
    />
  );
};

export const PostMedia = ({ media }: { media: readonly MediaAttachment[] }) =>
  media.length === 0 ? null : (
    <div className={media.length > 1 ? 'grid grid-cols-2 gap-2' : ''} data-testid="post-media">
      {media.map((m) => (
        <MediaItem key={m.id} media={m} />
      ))}
    </div>
  );

/**
 * A preview's image, loaded through the app (which fetches it with the previews' address rules); one
 * that cannot be had leaves no empty frame behind.
 */
const PreviewImage = ({ image }: { image: string }) => {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      src={previewImageUrl(image)}
      alt=""
      loading="lazy"
      onError={() => setFailed(true)}
      className="h-24 w-24 shrink-0 object-cover sm:h-28 sm:w-40"
      data-testid="link-preview-image"
    />
  );
};

/** The preview of the text's first link; nothing while loading or when the preview failed (§8: silent). */
export const LinkPreviewCard = ({ url, visible }: { url: string | null; visible: boolean }) => {
  const preview = useLinkPreview(url, visible);
  const p = preview.data;
  if (!p) return null;
  return (
    <a
      href={p.url}
      target="_blank"
      rel="noopener noreferrer nofollow ugc"
      className="flex overflow-hidden rounded-xl border border-slate-200 hover:bg-slate-50"
      data-testid="link-preview"
    >
      {p.image && <PreviewImage key={p.image} image={p.image} />}
      <span className="min-w-0 p-3">
        {p.provider && <span className="block text-xs tracking-wide text-slate-500 uppercase">{p.provider}</span>}
        <span className="line-clamp-2 block text-sm font-medium text-slate-900">{p.title}</span>
        {p.description && <span className="mt-0.5 line-clamp-2 block text-xs text-slate-500">{p.description}</span>}
      </span>
    </a>
  );
};
