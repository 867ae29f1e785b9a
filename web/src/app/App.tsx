// No URL routing (spec 000 §2): signed out shows the landing page or the login/signup form (or "Forgot
// password?"); signed in shows the home view with its dialogs. A mailed link in the fragment is read
// once (hooks/useEmailLink): a reset link shows "Choose a new password", signed in or out; a
// confirmation link is confirmed at once, with a notice. A member who just asked to delete the account
// lands signed out on the landing page, told when it will be deleted.
import { useState, type ReactNode } from 'react';
import { AuthForm } from '../features/auth/components/AuthForm';
import { DeletionScheduledNotice } from '../features/auth/components/DeletionScheduledNotice';
import { EmailLinkHandler, EmailLinkNotice } from '../features/auth/components/EmailLinkHandler';
import { ForgotPasswordForm } from '../features/auth/components/ForgotPasswordForm';
import { ResetPasswordForm } from '../features/auth/components/ResetPasswordForm';
import { useSession } from '../features/auth/hooks';
import { emailLinks, useEmailLink } from '../features/auth/hooks/useEmailLink';
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

/** What the signed-out app shows: the landing page, the sign-in or sign-up form, or "Forgot password?". */
type SignedOutView = 'landing' | AuthMode | 'forgot';

export function App() {
  const { status, isRetrying } = useSession();
  const link = useEmailLink();
  // Where the signed-out app starts once a reset link is set aside.
  const [signedOutStart, setSignedOutStart] = useState<SignedOutView>('landing');
  if (link?.kind === 'reset-password') {
    const leave = (next: SignedOutView) => {
      setSignedOutStart(next);
      emailLinks.clear();
    };
    return (
      <>
        <ConnectionBanner />
        <ResetPasswordForm
          key={link.visit}
          token={link.token}
          onClose={() => leave('landing')}
          onSignIn={() => leave('signin')}
          onRequestNewLink={() => leave('forgot')}
        />
      </>
    );
  }
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
      <SignedOutApp initialView={signedOutStart} />
    </>
  );
}

function SignedOutApp({ initialView }: { initialView: SignedOutView }) {
  const [view, setView] = useState<SignedOutView>(initialView);
  return (
    <>
      <EmailLinkNotice />
      <DeletionScheduledNotice />
      {view === 'forgot' ? (
        <ForgotPasswordForm onBack={() => setView('signin')} />
      ) : view !== 'landing' ? (
        <AuthForm
          key={view}
          initialMode={view}
          onBack={() => setView('landing')}
          onForgotPassword={() => setView('forgot')}
        />
      ) : (
        <LandingPage onCreateAccount={() => setView('signup')} onSignIn={() => setView('signin')} />
      )}
    </>
  );
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

function SessionSplash() {
  return (
    <div className={styles.splash} role="status" aria-live="polite">
      <AuraMark size={64} />
      <p>Restoring your session…</p>
    </div>
  );
}
