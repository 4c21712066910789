import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from '@/ui/toaster';

export const RootLayout = () => (
  <>
    <Outlet />
    <Toaster />
    <ScrollRestoration />
  </>
);
