// The mailed reset link (`/#reset-password=<token>`), signed in or out: the new password twice, then
// POST /api/auth/password-reset. It signs every session of the member out, this browser's too, so the
// member signs in again with the new password. A link used or expired says so in the server's words and
// offers a new one.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/errors';
import { Icon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { accountApi } from '../api';
import { EmailLinkMessages, newPasswordProblem } from '../email-links';
import { useSession } from '../hooks/session-context';
import { Field } from './AuthField';
import screens from './AccountScreens.module.css';
import styles from './AuthForm.module.css';
import { AuthPage } from './AuthPage';

export function ResetPasswordForm({
  token,
  onClose,
  onSignIn,
  onRequestNewLink,
}: {
  token: string;
  /** Set the link aside (back to where the member was). */
  onClose: () => void;
  /** After the change: to the sign-in form. */
  onSignIn: () => void;
  /** The link was used or expired: to "Forgot password?". */
  onRequestNewLink: () => void;
}) {
  const { status, signOut } = useSession();
  const [next, setNext] = useState('');
  const [repeated, setRepeated] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const reset = useMutation({
    mutationFn: async (password: string) => {
      const answer = await accountApi.resetPassword({ token, new_password: password });
      // Every session of the member has ended, maybe this one: forget it here too.
      if (status !== 'signed-out') await signOut();
      return answer;
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    const found = newPasswordProblem(next, repeated) ?? undefined;
    setProblem(found);
    if (!found) reset.mutate(next);
  };

  if (reset.isSuccess)
    return (
      <AuthPage backLabel="Back to home" onBack={onClose}>
        <div className={screens.done} role="status">
          <span className={screens.doneMark} aria-hidden="true">
            <Icon name="check" size={26} />
          </span>
          <h1 className={styles.heading}>Password changed</h1>
          <p className={screens.doneText}>{EmailLinkMessages.passwordChanged}</p>
          <button type="button" className="btn btn-primary btn-lg btn-block" onClick={onSignIn}>
            Sign In
          </button>
        </div>
      </AuthPage>
    );

  const failure = reset.isError
    ? reset.error instanceof ApiError
      ? reset.error.userMessage
      : 'Failed to set the password'
    : null;
  // Signed in, the password is changed in Settings instead.
  const linkSpent =
    status !== 'signed-in' &&
    reset.error instanceof ApiError &&
    reset.error.detail === EmailLinkMessages.invalidLink;

  return (
    <AuthPage backLabel="Back to home" onBack={onClose}>
      <h1 className={styles.heading}>Choose a new password</h1>
      <p className={styles.lead}>Every device signed in to your account will be signed out.</p>
      <form
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-busy={reset.isPending}
        aria-label="Choose a new password"
      >
        <Field
          label="New Password"
          name="new_password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(value) => {
            setNext(value);
            if (problem) setProblem(undefined);
          }}
          hint="At least 8 characters"
          initialFocus
        />
        <Field
          label="Repeat New Password"
          name="repeat_new_password"
          type="password"
          autoComplete="new-password"
          value={repeated}
          onChange={(value) => {
            setRepeated(value);
            if (problem) setProblem(undefined);
          }}
        />
        {problem || failure ? (
          <p className={styles.alert} role="alert">
            {problem ?? failure}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={reset.isPending}>
          {reset.isPending ? <Spinner /> : null}
          Set Password
        </button>
      </form>
      {linkSpent && !problem ? (
        <div className={`${screens.alertActions} ${screens.options}`}>
          <button type="button" className="link-btn" onClick={onRequestNewLink}>
            Ask for a new link
          </button>
        </div>
      ) : null}
    </AuthPage>
  );
}
