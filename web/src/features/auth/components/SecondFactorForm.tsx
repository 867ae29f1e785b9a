// The code step of signing in, for a member with two-factor authentication: six digits from the
// authenticator app, or one of the recovery codes (the member switches); for a member with a passkey,
// "Use a passkey instead" answers it with the passkey. A wrong code may be tried again; "Back to sign in"
// returns to the password.
import { useState, type FormEvent } from 'react';
import { Icon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import type { SecondFactorPasskey, SecondFactorStep } from '../hooks/useAuthSubmit';
import { codeProblem, normalizeCode, type CodeKind } from '../two-factor';
import screens from './AccountScreens.module.css';
import { Field } from './AuthField';
import styles from './AuthForm.module.css';

const COPY: Record<CodeKind, { lead: string; label: string; switchTo: string }> = {
  app: {
    lead: 'Enter the 6-digit code from your authenticator app.',
    label: 'Authentication Code',
    switchTo: 'Use a recovery code',
  },
  recovery: {
    lead: 'Enter one of the recovery codes you saved when you turned on two-factor authentication.',
    label: 'Recovery Code',
    switchTo: 'Use your authenticator app',
  },
};

export function SecondFactorForm({ step }: { step: SecondFactorStep }) {
  const [kind, setKind] = useState<CodeKind>('app');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const copy = COPY[kind];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step.isPending) return;
    const found = codeProblem(code, kind) ?? undefined;
    setProblem(found);
    if (!found) step.verify(normalizeCode(code));
  };

  const switchKind = () => {
    setKind(kind === 'app' ? 'recovery' : 'app');
    setCode('');
    setProblem(undefined);
    step.clearError();
  };

  return (
    <>
      <h1 className={styles.heading}>Two-factor authentication</h1>
      <p className={styles.lead}>{copy.lead}</p>
      <form
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-busy={step.isPending}
        aria-label="Two-factor authentication"
      >
        <Field
          // A new input for the other kind of code: focused, and the browser's autofill starts afresh.
          key={kind}
          label={copy.label}
          name={kind === 'app' ? 'one_time_code' : 'recovery_code'}
          autoComplete={kind === 'app' ? 'one-time-code' : 'off'}
          inputMode={kind === 'app' ? 'numeric' : 'text'}
          maxLength={kind === 'app' ? 8 : 13}
          value={code}
          onChange={(value) => {
            setCode(value);
            if (problem) setProblem(undefined);
          }}
          error={problem}
          initialFocus
        />
        {step.errorMessage ? (
          <p className={styles.alert} role="alert">
            {step.errorMessage}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={step.isPending}>
          {step.isPending && !step.passkey?.isPending ? <Spinner /> : null}
          Verify
        </button>
      </form>
      {step.passkey ? <PasskeyInstead passkey={step.passkey} disabled={step.isPending} /> : null}
      <div className={styles.stepLinks}>
        <button type="button" className="link-btn" onClick={switchKind} disabled={step.isPending}>
          {copy.switchTo}
        </button>
        <button type="button" className="link-btn" onClick={step.cancel} disabled={step.isPending}>
          Back to sign in
        </button>
      </div>
    </>
  );
}

/**
 * Below the code form, as "Sign in with a passkey" below the password: the browser's prompt, then the
 * sign-in. A prompt closed without an answer is said calmly (nothing went wrong; a code still works);
 * the server's refusal as an error.
 */
function PasskeyInstead({ passkey, disabled }: { passkey: SecondFactorPasskey; disabled: boolean }) {
  return (
    <div className={screens.options}>
      <div className={screens.divider} aria-hidden="true">
        or
      </div>
      <div className={screens.passkey}>
        <button
          type="button"
          className="btn btn-ghost btn-lg btn-block"
          disabled={disabled}
          aria-busy={passkey.isPending}
          onClick={passkey.start}
        >
          {passkey.isPending ? <Spinner /> : <Icon name="key" size={18} />}
          Use a passkey instead
        </button>
        {passkey.errorMessage ? (
          <p className={passkey.notUsed ? styles.calm : styles.alert} role="alert">
            {passkey.errorMessage}
          </p>
        ) : null}
      </div>
    </div>
  );
}
