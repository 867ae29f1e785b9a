// Settings → Account Security → Two-Factor Authentication: a code from an authenticator app at every
// sign-in, after the password. Off: "Turn On" asks the password, shows the QR code of the app's
// otpauth:// link and the setup key to type instead, and the first code from the app turns it on; the
// ten recovery codes are shown then, this once (copy, download). On: how many recovery codes are left,
// new ones (password), and "Turn Off" (password and a code). Every refusal in the server's words.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError, messageOf } from '../../../api/errors';
import type { TotpSetup, TwoFactorStatus } from '../../../api/types';
import { SettingsListStatus } from '../../../ui/SettingsListStatus';
import { Skeleton } from '../../../ui/Skeleton';
import { plural } from '../../../ui/text';
import { showToast } from '../../../ui/toast';
import wellness from '../../../ui/Wellness.module.css';
import { useSignedInUser } from '../hooks/session-context';
import { useTwoFactorActions, useTwoFactorStatus } from '../hooks/useTwoFactor';
import {
  codeProblem,
  groupSecret,
  normalizeCode,
  RECOVERY_CODES_FILE,
  recoveryCodesText,
  TwoFactorMessages,
} from '../two-factor';
import styles from './TwoFactorSettings.module.css';
import { FormActions, FormProblem, PasswordField } from '../../../ui/SettingsFormParts';

type Stage =
  | { step: 'overview' }
  | { step: 'password'; purpose: 'setup' | 'renew'; problem?: string }
  | { step: 'setup'; setup: TotpSetup }
  | { step: 'codes'; codes: string[]; enabled: boolean }
  | { step: 'disable' };

const OVERVIEW: Stage = { step: 'overview' };

export function TwoFactorSettings() {
  const status = useTwoFactorStatus();
  const [stage, setStage] = useState<Stage>(OVERVIEW);
  const titleId = useId();
  const on = status.data?.totp_enabled;

  return (
    <section className={`card ${wellness.block}`} aria-labelledby={titleId}>
      <div className={styles.titleRow}>
        <h4 id={titleId} className={wellness.cardTitle}>
          Two-Factor Authentication
        </h4>
        {status.data ? (
          <span className={styles.state} data-on={on ? '' : undefined}>
            {on ? 'On' : 'Off'}
          </span>
        ) : null}
      </div>
      <SettingsListStatus query={status} failed="Failed to load your two-factor settings" isEmpty={false}>
        {status.data ? <StageView stage={stage} status={status.data} setStage={setStage} /> : null}
      </SettingsListStatus>
    </section>
  );
}

function StageView({
  stage,
  status,
  setStage,
}: {
  stage: Stage;
  status: TwoFactorStatus;
  setStage: (stage: Stage) => void;
}) {
  const back = () => setStage(OVERVIEW);
  switch (stage.step) {
    case 'overview':
      return <Overview status={status} setStage={setStage} />;
    case 'password':
      return (
        <PasswordStep
          key={stage.purpose}
          purpose={stage.purpose}
          initialProblem={stage.problem}
          onCancel={back}
          onSetup={(setup) => setStage({ step: 'setup', setup })}
          onCodes={(codes) => setStage({ step: 'codes', codes, enabled: false })}
        />
      );
    case 'setup':
      return (
        <SetupStep
          setup={stage.setup}
          onCancel={back}
          onEnabled={(codes) => setStage({ step: 'codes', codes, enabled: true })}
          onExpired={(problem) => setStage({ step: 'password', purpose: 'setup', problem })}
        />
      );
    case 'codes':
      return <RecoveryCodes codes={stage.codes} enabled={stage.enabled} onDone={back} />;
    case 'disable':
      return <DisableStep onCancel={back} onDone={back} />;
  }
}

function Overview({ status, setStage }: { status: TwoFactorStatus; setStage: (stage: Stage) => void }) {
  if (!status.totp_enabled)
    return (
      <>
        <p className={wellness.hint}>
          Ask for a code from an authenticator app at every sign-in, after your password, so that a stolen
          password alone cannot open your account.
        </p>
        <div className={wellness.formActions}>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setStage({ step: 'password', purpose: 'setup' })}
          >
            Turn On
          </button>
        </div>
      </>
    );
  const left = status.recovery_codes_left;
  return (
    <>
      <p className={wellness.hint}>Every sign-in asks for a code from your authenticator app.</p>
      <p className={styles.left} data-low={left <= 3 ? '' : undefined}>
        {left === 0
          ? 'No recovery codes left. Create new ones so that you can still sign in without your phone.'
          : `${plural(left, 'recovery code')} left${left <= 3 ? '. Create new ones soon.' : ''}`}
      </p>
      <div className={wellness.formActions}>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => setStage({ step: 'password', purpose: 'renew' })}
        >
          New Recovery Codes
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setStage({ step: 'disable' })}>
          Turn Off
        </button>
      </div>
    </>
  );
}

/** The password again, before a new setup key or new recovery codes. */
function PasswordStep({
  purpose,
  initialProblem,
  onCancel,
  onSetup,
  onCodes,
}: {
  purpose: 'setup' | 'renew';
  initialProblem?: string;
  onCancel: () => void;
  onSetup: (setup: TotpSetup) => void;
  onCodes: (codes: string[]) => void;
}) {
  const { begin, renew } = useTwoFactorActions();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>(initialProblem);
  const pending = begin.isPending || renew.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!password) return setProblem(TwoFactorMessages.passwordRequired);
    setProblem(undefined);
    if (purpose === 'setup')
      begin.mutate(password, {
        onSuccess: onSetup,
        onError: (error) => setProblem(messageOf(error, 'Failed to start the setup')),
      });
    else
      renew.mutate(password, {
        onSuccess: (answer) => {
          showToast('New recovery codes created. The old ones no longer work.');
          onCodes(answer.recovery_codes);
        },
        onError: (error) => setProblem(messageOf(error, 'Failed to create new recovery codes')),
      });
  };

  return (
    <form
      className={wellness.form}
      onSubmit={submit}
      noValidate
      aria-label={purpose === 'setup' ? 'Turn on two-factor authentication' : 'New recovery codes'}
    >
      <p className={wellness.hint}>
        {purpose === 'setup'
          ? 'Enter your password to set up an authenticator app.'
          : 'Enter your password. New recovery codes replace the ones you have: the old ones stop working.'}
      </p>
      <PasswordField value={password} onChange={setPassword} initialFocus />
      <FormProblem text={problem} />
      <FormActions onCancel={onCancel} pending={pending}>
        {purpose === 'setup' ? 'Continue' : 'Create New Codes'}
      </FormActions>
    </form>
  );
}

/** The QR code and setup key for the app, then its first code turns two-factor authentication on. */
function SetupStep({
  setup,
  onCancel,
  onEnabled,
  onExpired,
}: {
  setup: TotpSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
  onExpired: (problem: string) => void;
}) {
  const { enable } = useTwoFactorActions();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (enable.isPending) return;
    const found = codeProblem(code, 'app') ?? undefined;
    setProblem(found);
    if (found) return;
    enable.mutate(normalizeCode(code), {
      onSuccess: (answer) => {
        showToast('Two-factor authentication is on');
        onEnabled(answer.recovery_codes);
      },
      onError: (error) => {
        const text = messageOf(error, 'Failed to turn on two-factor authentication');
        if (error instanceof ApiError && error.detail === TwoFactorMessages.setupExpired) onExpired(text);
        else setProblem(text);
      },
    });
  };

  return (
    <form className={wellness.form} onSubmit={submit} noValidate aria-label="Set up your authenticator app">
      <div className={styles.setup}>
        <QrCode text={setup.otpauth_uri} />
        <div className={styles.setupText}>
          <p className={wellness.hint}>
            Scan the QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator,
            1Password or Authy).
          </p>
          <div className={styles.key}>
            <span className={styles.keyLabel} id={`${id}-key`}>
              Setup key
            </span>
            <span className={styles.keyRow}>
              <code className={styles.keyText} aria-labelledby={`${id}-key`} data-secret={setup.secret}>
                {groupSecret(setup.secret)}
              </code>
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => void copyText(setup.secret, 'Setup key copied')}
                aria-label="Copy setup key"
              >
                Copy
              </button>
            </span>
            <span className={wellness.hint}>Can&apos;t scan? Enter this key in the app instead.</span>
          </div>
          <div className={wellness.field}>
            <label htmlFor={`${id}-code`}>Authentication Code</label>
            <input
              id={`${id}-code`}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              value={code}
              aria-describedby={`${id}-code-hint`}
              onChange={(event) => setCode(event.target.value)}
            />
            <span id={`${id}-code-hint`} className={wellness.hint}>
              The 6-digit code the app shows for Aura.
            </span>
          </div>
        </div>
      </div>
      <FormProblem text={problem} />
      <FormActions onCancel={onCancel} pending={enable.isPending}>
        Turn On
      </FormActions>
    </form>
  );
}

/** The otpauth:// link as a QR code; the encoder is loaded only when a member sets up an app. */
function QrCode({ text }: { text: string }) {
  const [image, setImage] = useState<{ text: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((module) => {
        // CommonJS through the bundler: the functions sit on the default export.
        const qrcode = (module as unknown as { default?: typeof module }).default ?? module;
        return qrcode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      })
      .then((svg) => {
        if (current) setImage({ text, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [text]);

  if (failed)
    return <p className={styles.qrFailed}>The QR code could not be drawn. Enter the setup key instead.</p>;
  return (
    <div className={styles.qr}>
      {image?.text === text ? (
        <img src={image.src} alt="QR code for your authenticator app" width={176} height={176} />
      ) : (
        <Skeleton width={176} height={176} />
      )}
    </div>
  );
}

/** The ten recovery codes, shown this once: copy, download, done. */
function RecoveryCodes({
  codes,
  enabled,
  onDone,
}: {
  codes: string[];
  enabled: boolean;
  onDone: () => void;
}) {
  const user = useSignedInUser();
  const id = useId();
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([recoveryCodesText(codes, user.username)], { type: 'text/plain;charset=utf-8' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_CODES_FILE;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <div className={wellness.form} role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className={styles.codesTitle}>
        {enabled ? 'Two-factor authentication is on. Save your recovery codes' : 'Your new recovery codes'}
      </p>
      <p className={wellness.hint}>
        Each code signs you in once when you can&apos;t use your authenticator app. Keep them somewhere safe:
        they are shown only this once.
      </p>
      <ol className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={wellness.formActions}>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => void copyText(codes.join('\n'), 'Recovery codes copied')}
        >
          Copy
        </button>
        <button type="button" className="btn btn-ghost" onClick={download}>
          Download
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

/** Off: the password and a code (or a recovery code), both factors once more. */
function DisableStep({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const { disable } = useTwoFactorActions();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disable.isPending) return;
    const found = password ? (codeProblem(code, 'any') ?? undefined) : TwoFactorMessages.passwordRequired;
    setProblem(found);
    if (found) return;
    disable.mutate(
      { password, code: normalizeCode(code) },
      {
        onSuccess: () => {
          showToast('Two-factor authentication is off');
          onDone();
        },
        onError: (error) => setProblem(messageOf(error, 'Failed to turn off two-factor authentication')),
      },
    );
  };

  return (
    <form
      className={wellness.form}
      onSubmit={submit}
      noValidate
      aria-label="Turn off two-factor authentication"
    >
      <p className={wellness.hint}>
        Sign-in will ask for your password only. Enter your password and a code from your authenticator app,
        or a recovery code.
      </p>
      <PasswordField value={password} onChange={setPassword} initialFocus />
      <div className={wellness.field}>
        <label htmlFor={`${id}-code`}>Authentication Code</label>
        <input
          id={`${id}-code`}
          type="text"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={13}
          value={code}
          aria-describedby={`${id}-code-hint`}
          onChange={(event) => setCode(event.target.value)}
        />
        <span id={`${id}-code-hint`} className={wellness.hint}>
          6 digits from the app, or a recovery code (xxxxx-xxxxx).
        </span>
      </div>
      <FormProblem text={problem} />
      <FormActions onCancel={onCancel} pending={disable.isPending}>
        Turn Off
      </FormActions>
    </form>
  );
}

async function copyText(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    showToast(done);
  } catch {
    showToast('Copying is not allowed here. Select the text and copy it instead.', 'error');
  }
}
