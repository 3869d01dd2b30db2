/// <reference types="vite-plugin-pwa/react" />
import { useRegisterSW } from 'virtual:pwa-register/react';
import { UpdateNotice } from './update-notice';

/**
 * Registers the service worker (vite.config.ts, decision 025) and shows UpdateNotice while a
 * new version waits. Mounted once, lazily, by app/providers.tsx: workbox-window and this
 * module stay out of the first screen's scripts.
 */
export default function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  if (!needRefresh) return null;
  // Tells the waiting worker to take over; the page reloads once it controls the page.
  return <UpdateNotice onReload={() => void updateServiceWorker(true)} />;
}
