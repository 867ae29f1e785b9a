// One labelled input of the sign-in card (the password step and the code step), with its hint and error.
import { useId, type HTMLAttributes } from 'react';
import { focusOnMount } from '../../../ui/focus-on-mount';
import styles from './AuthForm.module.css';

interface FieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  error?: string;
  hint?: string;
  /** The field takes the focus as it appears (the member has just opened this form or step). */
  initialFocus?: boolean;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
}

export function Field({
  label,
  name,
  value,
  onChange,
  type = 'text',
  autoComplete,
  error,
  hint,
  initialFocus,
  inputMode,
  maxLength,
}: FieldProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {hint ? (
          <span id={`${id}-hint`} className={styles.hint}>
            {hint}
          </span>
        ) : null}
      </div>
      <input
        id={id}
        name={name}
        type={type}
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        ref={initialFocus ? focusOnMount : undefined}
        inputMode={inputMode}
        maxLength={maxLength}
      />
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
