// Link previews (spec 001 §7): GET /api/og?url= gives title, description, image and provider; a
// failure shows nothing (it is only logged, §8).
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/http';
import { feedKeys } from './keys';

export interface LinkPreview {
  url: string;
  title: string | null;
  description: string | null;
  image: string | null;
  provider: string | null;
}

export const useLinkPreview = (url: string | null, enabled: boolean) =>
  useQuery({
    queryKey: feedKeys.preview(url ?? ''),
    queryFn: async ({ signal }) => {
      try {
        const body = await getJson<Partial<LinkPreview> & { data?: Partial<LinkPreview> }>(`/api/og?${new URLSearchParams({ url: url ?? '' })}`, { signal });
        const p = body.data ?? body;
        return p.title ? { url: url ?? '', title: p.title ?? null, description: p.description ?? null, image: p.image ?? null, provider: p.provider ?? null } : null;
      } catch (error) {
        console.warn('Link preview failed', url, error);
        return null;
      }
    },
    enabled: !!url && enabled,
    staleTime: 60 * 60_000,
    retry: false,
  });
