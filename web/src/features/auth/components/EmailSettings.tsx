// Settings → Account Security → Email: the member's address, and whether they confirmed it with the link
// mailed at sign-up. Not confirmed: "Resend link" mails a new one (POST /api/auth/verify-email/resend);
// the earlier links stop working.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { ApiError } from '../../../api/errors';
import { queryKeys } from '../../../api/query-keys';
import { Spinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';
import wellness from '../../../ui/Wellness.module.css';
import { EmailLinkMessages } from '../email-links';
import { useSignedInUser } from '../hooks/session-context';
import { accountApi } from '../api';
import styles from './AccountSecurity.module.css';

export function EmailSettings() {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const titleId = useId();
  const resend = useMutation({
    mutationFn: () => accountApi.resendVerification(),
    onSuccess: (answer) => showToast(answer.detail || EmailLinkMessages.confirmationSent),
    onError: (error) => {
      showToast(error instanceof ApiError ? error.userMessage : 'Failed to send the link', 'error');
      // "Already confirmed": this screen was behind; read the member again.
      if (error instanceof ApiError && error.status === 400)
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
  if (!user.email) return null;
  const confirmed = user.email_verified === true;

  return (
    <section className={`card ${wellness.block}`} aria-labelledby={titleId}>
      <div className={styles.titleRow}>
        <h4 id={titleId} className={wellness.cardTitle}>
          Email
        </h4>
        <span className={styles.state} data-on={confirmed ? '' : undefined}>
          {confirmed ? 'Confirmed' : 'Not confirmed'}
        </span>
      </div>
      <p className={styles.address}>{user.email}</p>
      {confirmed ? null : (
        <p className={styles.confirm}>
          <span>Open the link we mailed you to confirm it.</span>
          <button
            type="button"
            className="link-btn"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {resend.isPending ? <Spinner /> : null}
            Resend link
          </button>
        </p>
      )}
    </section>
  );
}
