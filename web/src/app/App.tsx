// No URL routing (spec 000 §2): signed out shows the landing page or the login/signup form (or "Forgot
// password?"); signed in shows the home view with its dialogs. A mailed link in the fragment is read
// once (hooks/useEmailLink): a reset link shows "Choose a new password", signed in or out; a
// confirmation link is confirmed at once, with a notice. A member who just asked to delete the account
// lands signed out on the landing page, told when it will be deleted.
//
// The signed-out app (landing, forms) and the signed-in app (home, dialogs) are chunks of their own
// (issue 19: initial JS). The one this page needs starts downloading as this module runs, beside
// GET /api/auth/me and the home feed (usePrefetchHome), and the other once the page is idle.
import { Component, Suspense, useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { tokenStore } from '../api';
import { useSession } from '../features/auth/hooks';
import { emailLinks, useEmailLink } from '../features/auth/hooks/useEmailLink';
import { AuraMark } from '../features/landing/components/AuraMark';
import { ConnectionBanner } from '../ui/ConnectionBanner';
import { lazyModule, useLazyModule, whenIdle } from './lazy-module';
import { usePrefetchHome } from './prefetch-home';
import type { ResetPasswordForm, SignedOutView } from './SignedOutApp';
import styles from './App.module.css';

const signedInModule = lazyModule(() => import('./SignedInApp'));
const signedOutModule = lazyModule(() => import('./SignedOutApp'));

// A stored token is the session hint: the signed-in app is what this page will most likely show.
if (tokenStore.get() !== null) void signedInModule.preload().catch(() => undefined);
else void signedOutModule.preload().catch(() => undefined);

export function App() {
  const { status, isRetrying } = useSession();
  const link = useEmailLink();
  // Where the signed-out app starts once a reset link is set aside.
  const [signedOutStart, setSignedOutStart] = useState<SignedOutView>('landing');
  usePrefetchHome(status === 'restoring');
  // Signing in or out then needs no download.
  useEffect(
    () =>
      whenIdle(() => {
        for (const module of [signedInModule, signedOutModule]) void module.preload().catch(() => undefined);
      }),
    [],
  );
  const splash = (
    <>
      <ConnectionBanner trouble={isRetrying ? 'unreachable' : null} />
      <SessionSplash />
    </>
  );
  if (link?.kind === 'reset-password') {
    const leave = (next: SignedOutView) => {
      setSignedOutStart(next);
      emailLinks.clear();
    };
    return (
      <>
        <ConnectionBanner />
        <AppChunk fallback={null}>
          <ResetPassword
            key={link.visit}
            token={link.token}
            onClose={() => leave('landing')}
            onSignIn={() => leave('signin')}
            onRequestNewLink={() => leave('forgot')}
          />
        </AppChunk>
      </>
    );
  }
  if (status === 'signed-in')
    return (
      <AppChunk fallback={splash}>
        <SignedIn />
      </AppChunk>
    );
  if (status === 'restoring') return splash;
  return (
    <>
      <ConnectionBanner />
      <AppChunk fallback={null}>
        <SignedOut initialView={signedOutStart} />
      </AppChunk>
    </>
  );
}

function SignedIn() {
  const { SignedInApp } = useLazyModule(signedInModule);
  return <SignedInApp />;
}

function SignedOut({ initialView }: { initialView: SignedOutView }) {
  const { SignedOutApp } = useLazyModule(signedOutModule);
  return <SignedOutApp initialView={initialView} />;
}

function ResetPassword(props: ComponentProps<typeof ResetPasswordForm>) {
  const { ResetPasswordForm } = useLazyModule(signedOutModule);
  return <ResetPasswordForm {...props} />;
}

/** Suspends while the app's chunk loads; one that could not be loaded says so, with a reload. */
function AppChunk({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}

class ChunkErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={styles.splash} role="alert">
        <AuraMark size={64} />
        <p>Aura could not be loaded. Check your connection and try again.</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}

function SessionSplash() {
  return (
    <div className={styles.splash} role="status" aria-live="polite">
      <AuraMark size={64} />
      <p>Restoring your session…</p>
    </div>
  );
}
