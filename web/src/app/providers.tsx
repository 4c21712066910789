import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useAuth } from '@/lib/current-user';
import { getLiveSocket } from '@/lib/live-socket';
import { StaleKeysContext } from '@/lib/stale-keys';
import { appStaleKeys } from './stale-keys';

/** The socket is opened for signed-in members only: the server ties it to the session cookie. */
const LiveUpdates = () => {
  const queryClient = useQueryClient();
  const signedIn = useAuth().status === 'authenticated';
  useEffect(() => {
    if (!signedIn) return;
    const socket = getLiveSocket(queryClient, appStaleKeys);
    socket.start();
    return () => socket.stop();
  }, [signedIn, queryClient]);
  return null;
};

export const Providers = ({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) => {
  return (
    <QueryClientProvider client={queryClient}>
      <StaleKeysContext.Provider value={appStaleKeys}>
        <LiveUpdates />
        {children}
      </StaleKeysContext.Provider>
    </QueryClientProvider>
  );
};
