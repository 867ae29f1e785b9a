// "Forgot password?" under the sign-in form: the member's e-mail address, and the server mails a link to
// choose a new password (POST /api/auth/password-reset/request). The answer is the same whether or not
// an account uses the address, and it is shown as the server words it.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/errors';
import { Icon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { accountApi } from '../api';
import { EmailLinkMessages, resetRequestProblem } from '../email-links';
import { Field } from './AuthField';
import screens from './AccountScreens.module.css';
import styles from './AuthForm.module.css';
import { AuthPage } from './AuthPage';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const request = useMutation({ mutationFn: (address: string) => accountApi.requestPasswordReset(address) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    const found = resetRequestProblem(email) ?? undefined;
    setProblem(found);
    if (!found) request.mutate(email.trim());
  };

  return (
    <AuthPage backLabel="Back to sign in" onBack={onBack}>
      <h1 className={styles.heading}>Forgot your password?</h1>
      {request.isSuccess ? (
        <div className={screens.sent} role="status">
          <span className={screens.doneMark} aria-hidden="true">
            <Icon name="send" size={24} />
          </span>
          <p className={screens.doneText}>{request.data.detail || EmailLinkMessages.resetSent}</p>
          <p className={screens.note}>The link works once, within an hour. Check your spam folder too.</p>
          <button type="button" className="btn btn-primary btn-lg btn-block" onClick={onBack}>
            Back to Sign In
          </button>
        </div>
      ) : (
        <>
          <p className={styles.lead}>
            Enter the email address of your account and we&apos;ll send you a link to choose a new password.
          </p>
          <form
            className={styles.form}
            onSubmit={onSubmit}
            noValidate
            aria-busy={request.isPending}
            aria-label="Reset your password"
          >
            <Field
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(value) => {
                setEmail(value);
                if (problem) setProblem(undefined);
              }}
              error={problem}
              initialFocus
            />
            {request.isError ? (
              <p className={styles.alert} role="alert">
                {request.error instanceof ApiError ? request.error.userMessage : 'Failed to send the link'}
              </p>
            ) : null}
            <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={request.isPending}>
              {request.isPending ? <Spinner /> : null}
              Send Link
            </button>
          </form>
        </>
      )}
    </AuthPage>
  );
}
