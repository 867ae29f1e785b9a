// The signed-in app: the home view with its dialogs, realtime connection and notices. A chunk of its
// own (App loads it when a session exists or begins), so the landing page does not download it.
import type { ReactNode } from 'react';
import { EmailLinkHandler } from '../features/auth/components/EmailLinkHandler';
import { HomeShell } from '../features/home/components/HomeShell';
import { RealtimeProvider } from '../features/messaging/realtime/RealtimeProvider';
import { useRealtime } from '../features/messaging/realtime/realtime-context';
import { PaymentReturnHandler } from '../features/wallet/components/PaymentReturnHandler';
import { ConnectionBanner } from '../ui/ConnectionBanner';
import { DialogProvider } from '../ui/DialogProvider';
import { Toaster } from '../ui/Toaster';
import { DialogHost } from './DialogHost';
import { useAppDialogs } from './dialogs';

export function SignedInApp() {
  return (
    <RealtimeProvider>
      <LiveConnectionBanner />
      <DialogProvider>
        <BehindDialogs>
          <HomeShell />
        </BehindDialogs>
        <DialogHost />
        <PaymentReturnHandler />
        <EmailLinkHandler />
      </DialogProvider>
      {/* Outside the inert page, so notices shown over an open dialog are announced and dismissable. */}
      <Toaster />
    </RealtimeProvider>
  );
}

/** Offline, or the realtime connection dropped after it had been up. */
function LiveConnectionBanner() {
  const { status } = useRealtime();
  return <ConnectionBanner trouble={status === 'reconnecting' ? 'reconnecting' : null} />;
}

/** The page behind an open dialog is inert: no focus, no clicks, hidden from assistive technology. */
function BehindDialogs({ children }: { children: ReactNode }) {
  const { open } = useAppDialogs();
  return <div inert={open !== null}>{children}</div>;
}
