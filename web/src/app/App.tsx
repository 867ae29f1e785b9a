// No URL routing (spec 000 §2): signed out shows the landing page or the login/signup form; signed in
// shows the home view with its dialogs.
import { useState, type ReactNode } from 'react';
import { AuthForm } from '../features/auth/components/AuthForm';
import { useSession } from '../features/auth/hooks';
import type { AuthMode } from '../features/auth/validation';
import { HomeShell } from '../features/home/components/HomeShell';
import { AuraMark } from '../features/landing/components/AuraMark';
import { LandingPage } from '../features/landing/components/LandingPage';
import { RealtimeProvider } from '../features/messaging/realtime/RealtimeProvider';
import { useRealtime } from '../features/messaging/realtime/realtime-context';
import { PaymentReturnHandler } from '../features/wallet/components/PaymentReturnHandler';
import { ConnectionBanner } from '../ui/ConnectionBanner';
import { DialogProvider } from '../ui/DialogProvider';
import { Toaster } from '../ui/Toaster';
import { DialogHost } from './DialogHost';
import { useAppDialogs } from './dialogs';
import styles from './App.module.css';

export function App() {
  const { status, isRetrying } = useSession();
  if (status === 'signed-in') return <SignedInApp />;
  if (status === 'restoring')
    return (
      <>
        <ConnectionBanner trouble={isRetrying ? 'unreachable' : null} />
        <SessionSplash />
      </>
    );
  return (
    <>
      <ConnectionBanner />
      <SignedOutApp />
    </>
  );
}

function SignedOutApp() {
  const [authMode, setAuthMode] = useState<AuthMode | null>(null);
  if (authMode) return <AuthForm key={authMode} initialMode={authMode} onBack={() => setAuthMode(null)} />;
  return <LandingPage onCreateAccount={() => setAuthMode('signup')} onSignIn={() => setAuthMode('signin')} />;
}

function SignedInApp() {
  return (
    <RealtimeProvider>
      <LiveConnectionBanner />
      <DialogProvider>
        <BehindDialogs>
          <HomeShell />
        </BehindDialogs>
        <DialogHost />
        <PaymentReturnHandler />
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

function SessionSplash() {
  return (
    <div className={styles.splash} role="status" aria-live="polite">
      <AuraMark size={64} />
      <p>Restoring your session…</p>
    </div>
  );
}
