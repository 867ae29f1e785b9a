// The mailed confirmation link (`/#verify-email=<token>`): confirmed at once (POST /api/auth/verify-email),
// signed in or out. Signed in, the result is a notice (toast) and Settings shows the address confirmed;
// signed out, a message above the landing page or the sign-in card, until the member dismisses it.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/errors';
import { queryKeys } from '../../../api/query-keys';
import { showToast } from '../../../ui/toast';
import { accountApi } from '../api';
import { EmailLinkMessages } from '../email-links';
import { emailLinks, useEmailLink } from '../hooks/useEmailLink';
import { PageNotice } from './PageNotice';

interface Outcome {
  ok: boolean;
  message: string;
}

async function confirmEmail(token: string): Promise<Outcome> {
  try {
    const answer = await accountApi.verifyEmail(token);
    return { ok: true, message: answer.detail || EmailLinkMessages.emailConfirmed };
  } catch (error) {
    return {
      ok: false,
      message: error instanceof ApiError ? error.userMessage : EmailLinkMessages.invalidLink,
    };
  }
}

/** Takes a waiting confirmation link and confirms it; `onOutcome` hears how it went. */
function useEmailConfirmation(onOutcome: (outcome: Outcome) => void) {
  const link = useEmailLink();
  useEffect(() => {
    if (link?.kind !== 'verify-email') return;
    emailLinks.clear();
    void confirmEmail(link.token).then(onOutcome);
  }, [link, onOutcome]);
}

/** Signed in: the outcome as a notice; the member is read again (email_verified). */
export function EmailLinkHandler() {
  const queryClient = useQueryClient();
  const [onOutcome] = useState(() => (outcome: Outcome) => {
    showToast(outcome.message, outcome.ok ? 'success' : 'error');
    if (outcome.ok) void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  });
  useEmailConfirmation(onOutcome);
  return null;
}

/** Signed out: the outcome above the page, until dismissed. */
export function EmailLinkNotice() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEmailConfirmation(setOutcome);
  if (!outcome) return null;
  return (
    <PageNotice
      tone={outcome.ok ? 'success' : 'error'}
      icon={outcome.ok ? 'check' : 'block'}
      onDismiss={() => setOutcome(null)}
    >
      {outcome.message}
    </PageNotice>
  );
}
