// Settings → Password: the current password and the new one twice. A change signs every other session
// of the member out at once (POST /api/auth/change-password); this one stays signed in.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/errors';
import { queryKeys } from '../../../api/query-keys';
import styles from '../../../ui/Wellness.module.css';
import { Spinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';
import { authApi } from '../api';
import { passwordChangeProblem, type PasswordChangeValues } from '../validation';

const EMPTY: PasswordChangeValues = { current: '', next: '', repeated: '' };

/** What the member reads after a change: how many other sessions it ended. */
export function passwordChangedMessage(sessionsEnded: number): string {
  if (sessionsEnded === 0) return 'Password changed';
  return `Password changed. Signed out of ${sessionsEnded} other session${sessionsEnded === 1 ? '' : 's'}.`;
}

export function ChangePasswordForm() {
  const ids = useId();
  const [values, setValues] = useState<PasswordChangeValues>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (form: PasswordChangeValues) =>
      authApi.changePassword({ current_password: form.current, new_password: form.next }),
    onSuccess: (answer) => {
      setValues(EMPTY);
      showToast(passwordChangedMessage(answer.sessions_ended));
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
    },
    onError: (error) =>
      setProblem(error instanceof ApiError ? error.userMessage : 'Failed to change password'),
  });
  const set = (field: keyof PasswordChangeValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = passwordChangeProblem(values);
    setProblem(found);
    if (!found) change.mutate(values);
  };

  const field = (name: keyof PasswordChangeValues, label: string, autoComplete: string) => (
    <div className={styles.field}>
      <label htmlFor={`${ids}-${name}`}>{label}</label>
      <input
        id={`${ids}-${name}`}
        type="password"
        value={values[name]}
        autoComplete={autoComplete}
        maxLength={128}
        onChange={(event) => set(name)(event.target.value)}
      />
    </div>
  );

  return (
    <form className={`card ${styles.block} ${styles.form}`} onSubmit={submit} aria-label="Change password">
      <h4 className={styles.cardTitle}>Password</h4>
      {field('current', 'Current Password', 'current-password')}
      {field('next', 'New Password', 'new-password')}
      {field('repeated', 'Repeat New Password', 'new-password')}
      <span className={styles.hint}>At least 8 characters. Your other sessions will be signed out.</span>
      {problem ? (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {change.isPending ? <Spinner /> : null}
          Change Password
        </button>
      </div>
    </form>
  );
}
