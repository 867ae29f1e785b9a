// The signed-out app: the landing page, the sign-in and sign-up forms, "Forgot password?" and "Choose a
// new password". A chunk of its own (App loads it when there is no session), so a member who is
// signed in does not download it.
import { useState } from 'react';
import { AuthForm } from '../features/auth/components/AuthForm';
import { DeletionScheduledNotice } from '../features/auth/components/DeletionScheduledNotice';
import { EmailLinkNotice } from '../features/auth/components/EmailLinkHandler';
import { ForgotPasswordForm } from '../features/auth/components/ForgotPasswordForm';
import type { AuthMode } from '../features/auth/validation';
import { LandingPage } from '../features/landing/components/LandingPage';

export { ResetPasswordForm } from '../features/auth/components/ResetPasswordForm';

/** What the signed-out app shows: the landing page, the sign-in or sign-up form, or "Forgot password?". */
export type SignedOutView = 'landing' | AuthMode | 'forgot';

export function SignedOutApp({ initialView }: { initialView: SignedOutView }) {
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
