// The error line and the Cancel / submit pair of the small forms in Settings → Account Security (and of
// the Report dialog and the moderators' confirm step), and the password those forms ask for again.
import { useId, type ReactNode } from 'react';
import { focusOnMount } from './focus-on-mount';
import { Spinner } from './Spinner';
import wellness from './Wellness.module.css';

export function FormProblem({ text }: { text?: string }) {
  return text ? (
    <p className={wellness.error} role="alert">
      {text}
    </p>
  ) : null;
}

export function FormActions({
  onCancel,
  pending,
  disabled = false,
  submitClassName = 'btn btn-primary',
  children,
}: {
  onCancel: () => void;
  pending: boolean;
  /** The submit button waits for more input (it is disabled while pending anyway). */
  disabled?: boolean;
  /** A destructive action's own look. */
  submitClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={wellness.formActions}>
      <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={pending}>
        Cancel
      </button>
      <button type="submit" className={submitClassName} disabled={pending || disabled}>
        {pending ? <Spinner /> : null}
        {children}
      </button>
    </div>
  );
}

/** The member's current password, asked again before a change to the account. */
export function PasswordField({
  value,
  onChange,
  initialFocus = false,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The field takes the focus as it appears (the member has just opened this form). */
  initialFocus?: boolean;
}) {
  const id = useId();
  return (
    <div className={wellness.field}>
      <label htmlFor={id}>Password</label>
      <input
        id={id}
        type="password"
        value={value}
        autoComplete="current-password"
        maxLength={128}
        ref={initialFocus ? focusOnMount : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
