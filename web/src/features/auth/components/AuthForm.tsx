// Spec 000 §2 "Login / signup form": username and password; on signup also email and an optional
// display name; a toggle between sign-in and sign-up; a link back to the landing page. A member with
// two-factor authentication is asked for a code next, in the same card (SecondFactorForm).
import { useId, useState, type FormEvent } from 'react';
import { Icon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { AuraMark } from '../../landing';
import { useAuthSubmit } from '../hooks';
import {
  validateAuthForm,
  type AuthField,
  type AuthFieldErrors,
  type AuthFormValues,
  type AuthMode,
} from '../validation';
import { Field } from './AuthField';
import styles from './AuthForm.module.css';
import { SecondFactorForm } from './SecondFactorForm';
import { SignInOptions } from './SignInOptions';

const EMPTY: AuthFormValues = { username: '', email: '', displayName: '', password: '' };

const COPY: Record<AuthMode, { heading: string; lead: string; submit: string }> = {
  signin: { heading: 'Welcome back', lead: 'Sign in to reconnect with your community.', submit: 'Sign In' },
  signup: {
    heading: 'Create your account',
    lead: 'Join Aura and start growing your energy.',
    submit: 'Sign Up',
  },
};

export function AuthForm({
  initialMode,
  onBack,
  onForgotPassword,
}: {
  initialMode: AuthMode;
  onBack: () => void;
  /** "Forgot password?" under the sign-in form (a mailed link). */
  onForgotPassword?: () => void;
}) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [values, setValues] = useState<AuthFormValues>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<AuthFieldErrors>({});
  const { submit, isPending, errorMessage, reset, secondFactor } = useAuthSubmit();
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
        {secondFactor ? (
          <SecondFactorForm step={secondFactor} />
        ) : (
          <>
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
                initialFocus
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
            {mode === 'signin' ? (
              <SignInOptions onForgotPassword={onForgotPassword} disabled={isPending} />
            ) : null}
          </>
        )}
      </main>
    </div>
  );
}
