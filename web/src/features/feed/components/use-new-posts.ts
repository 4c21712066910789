// `new_posts` reaches every signed-in socket when a post is created: the lists and counts are read
// again, and the list holds the new posts behind its pill (post-list.tsx).
import { useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { getLiveSocket } from '@/lib/live-socket';
import { StaleKeysContext } from '@/lib/stale-keys';
import { feedKeys } from '../api/keys';

export const useNewPosts = () => {
  const queryClient = useQueryClient();
  const staleKeys = useContext(StaleKeysContext);
  useEffect(() => {
    if (!staleKeys) return;
    return getLiveSocket(queryClient, staleKeys).onMessage('new_posts', () => {
      void queryClient.invalidateQueries({ queryKey: feedKeys.lists });
      void queryClient.invalidateQueries({ queryKey: feedKeys.stats });
    });
  }, [queryClient, staleKeys]);
};
