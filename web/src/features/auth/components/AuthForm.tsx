// Spec 000 §2 "Login / signup form": username and password; on signup also email and an optional
// display name; a toggle between sign-in and sign-up; a link back to the landing page.
import { useId, useState, type FormEvent } from 'react';
import { Icon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { AuraMark } from '../../landing/components/AuraMark';
import { useAuthSubmit } from '../hooks';
import {
  validateAuthForm,
  type AuthField,
  type AuthFieldErrors,
  type AuthFormValues,
  type AuthMode,
} from '../validation';
import styles from './AuthForm.module.css';

const EMPTY: AuthFormValues = { username: '', email: '', displayName: '', password: '' };

const COPY: Record<AuthMode, { heading: string; lead: string; submit: string }> = {
  signin: { heading: 'Welcome back', lead: 'Sign in to reconnect with your community.', submit: 'Sign In' },
  signup: {
    heading: 'Create your account',
    lead: 'Join Aura and start growing your energy.',
    submit: 'Sign Up',
  },
};

export function AuthForm({ initialMode, onBack }: { initialMode: AuthMode; onBack: () => void }) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [values, setValues] = useState<AuthFormValues>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<AuthFieldErrors>({});
  const { submit, isPending, errorMessage, reset } = useAuthSubmit();
  const ids = { form: useId(), error: useId() };
  const copy = COPY[mode];

  const switchMode = (next: AuthMode) => {
    if (next === mode || isPending) return;
    setMode(next);
    setFieldErrors({});
    reset();
  };

  const update = (field: AuthField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    const errors = validateAuthForm(mode, values);
    setFieldErrors(errors);
    if (Object.values(errors).some(Boolean)) return;
    submit({ mode, values });
  };

  return (
    <div className={styles.page}>
      <div className={styles.topBar}>
        <button type="button" className="link-btn" onClick={onBack}>
          <Icon name="arrow-left" size={18} />
          Back to home
        </button>
      </div>

      <main className={`card ${styles.card}`}>
        <div className={styles.brand}>
          <AuraMark size={44} />
        </div>
        <h1 className={styles.heading}>{copy.heading}</h1>
        <p className={styles.lead}>{copy.lead}</p>

        <div className={styles.toggle} role="tablist" aria-label="Sign in or sign up">
          {(['signin', 'signup'] as const).map((option) => (
            <button
              key={option}
              type="button"
              role="tab"
              aria-selected={mode === option}
              aria-controls={ids.form}
              className={styles.toggleOption}
              onClick={() => switchMode(option)}
            >
              {COPY[option].submit}
            </button>
          ))}
        </div>

        <form id={ids.form} className={styles.form} onSubmit={onSubmit} noValidate aria-busy={isPending}>
          <Field
            label="Username"
            name="username"
            autoComplete="username"
            value={values.username}
            onChange={update('username')}
            error={fieldErrors.username}
            autoFocus
          />
          {mode === 'signup' && (
            <>
              <Field
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                value={values.email}
                onChange={update('email')}
                error={fieldErrors.email}
              />
              <Field
                label="Display Name"
                name="display_name"
                autoComplete="nickname"
                value={values.displayName}
                onChange={update('displayName')}
                error={fieldErrors.displayName}
                hint="Optional"
              />
            </>
          )}
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
            value={values.password}
            onChange={update('password')}
            error={fieldErrors.password}
            hint={mode === 'signup' ? 'At least 8 characters' : undefined}
          />

          {errorMessage ? (
            <p id={ids.error} className={styles.alert} role="alert">
              {errorMessage}
            </p>
          ) : null}

          <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={isPending}>
            {isPending ? <Spinner /> : null}
            {copy.submit}
          </button>
        </form>
      </main>
    </div>
  );
}

interface FieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  error?: string;
  hint?: string;
  autoFocus?: boolean;
}

function Field({
  label,
  name,
  value,
  onChange,
  type = 'text',
  autoComplete,
  error,
  hint,
  autoFocus,
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
        autoFocus={autoFocus}
      />
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
