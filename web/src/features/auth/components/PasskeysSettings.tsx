// Settings → Account Security → Passkeys: sign in with the device's screen lock (fingerprint, face, PIN)
// instead of the password. The list (name, when added, when last used); "Add a Passkey" asks the
// password and a name, then the browser's prompt creates it; "Remove" asks the password again. Every
// refusal in the server's words, the browser's own ones plainly.
import { useId, useState, type FormEvent } from 'react';
import type { Passkey } from '../../../api/types';
import { Icon } from '../../../ui/icons';
import { SettingsListStatus } from '../../../ui/SettingsListStatus';
import { showToast } from '../../../ui/toast';
import rows from '../../../ui/SettingsRows.module.css';
import wellness from '../../../ui/Wellness.module.css';
import { describeDevice } from '../device-names';
import { usePasskeyActions, usePasskeys } from '../hooks/usePasskeys';
import {
  addPasskeyProblem,
  passkeyDetails,
  passkeyFailureMessage,
  PasskeyMessages,
  passkeyName,
  passkeysSupported,
  PASSKEY_NAME_MAX,
} from '../passkeys';
import styles from './AccountSecurity.module.css';
import { FormActions, FormProblem, PasswordField } from '../../../ui/SettingsFormParts';

export function PasskeysSettings() {
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const titleId = useId();
  const supported = passkeysSupported(window);
  const list = passkeys.data ?? [];

  return (
    <section className={`card ${wellness.block}`} aria-labelledby={titleId}>
      <h4 id={titleId} className={wellness.cardTitle}>
        Passkeys
      </h4>
      <p className={wellness.hint}>
        Sign in with your fingerprint, face or screen lock instead of your password. The key stays on your
        device.
      </p>
      <SettingsListStatus
        query={passkeys}
        failed="Failed to load your passkeys"
        empty="No passkeys yet."
        isEmpty={list.length === 0}
      >
        <ul className={rows.list} aria-label="Your passkeys">
          {list.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              removing={removing === passkey.id}
              onRemove={() => setRemoving(passkey.id)}
              onClose={() => setRemoving(null)}
            />
          ))}
        </ul>
      </SettingsListStatus>
      {!supported ? (
        <p className={wellness.hint}>{PasskeyMessages.unsupported}</p>
      ) : adding ? (
        <AddPasskeyForm onClose={() => setAdding(false)} />
      ) : (
        <div className={wellness.formActions}>
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            <Icon name="key" size={16} />
            Add a Passkey
          </button>
        </div>
      )}
    </section>
  );
}

function PasskeyRow({
  passkey,
  removing,
  onRemove,
  onClose,
}: {
  passkey: Passkey;
  removing: boolean;
  onRemove: () => void;
  onClose: () => void;
}) {
  const details = passkeyDetails(passkey);
  return (
    <li className={`${rows.row} ${removing ? styles.removing : ''}`} aria-label={passkey.name}>
      <span className={rows.glyph} aria-hidden="true">
        <Icon name="key" size={18} />
      </span>
      <span className={rows.text}>
        <span className={rows.name}>{passkey.name}</span>
        <span className={rows.details}>{details.added}</span>
        <span className={rows.details}>{details.used}</span>
      </span>
      {removing ? (
        <RemovePasskeyForm passkey={passkey} onClose={onClose} />
      ) : (
        <button
          type="button"
          className="btn btn-ghost"
          onClick={onRemove}
          aria-label={`Remove ${passkey.name}`}
        >
          Remove
        </button>
      )}
    </li>
  );
}

/** The password and a name; then the browser asks for the screen lock and the passkey is saved. */
function AddPasskeyForm({ onClose }: { onClose: () => void }) {
  const { add } = usePasskeyActions();
  const [device] = useState(() => describeDevice(navigator.userAgent).label);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const found = addPasskeyProblem(password, name) ?? undefined;
    setProblem(found);
    if (found) return;
    add.mutate(
      { password, name: passkeyName(name, device) },
      {
        onSuccess: () => {
          showToast(PasskeyMessages.added);
          onClose();
        },
        onError: (error) => setProblem(passkeyFailureMessage(error)),
      },
    );
  };

  return (
    <form className={wellness.form} onSubmit={submit} noValidate aria-label="Add a passkey">
      <p className={wellness.hint}>
        Enter your password, then follow your browser&apos;s prompt to create the passkey on this device.
      </p>
      <div className={wellness.field}>
        <label htmlFor={`${id}-name`}>Passkey Name</label>
        <input
          id={`${id}-name`}
          type="text"
          value={name}
          placeholder={device}
          maxLength={PASSKEY_NAME_MAX}
          autoComplete="off"
          aria-describedby={`${id}-name-hint`}
          onChange={(event) => setName(event.target.value)}
        />
        <span id={`${id}-name-hint`} className={wellness.hint}>
          Optional: how you will recognise it, e.g. “Work laptop”.
        </span>
      </div>
      <PasswordField value={password} onChange={setPassword} />
      <FormProblem text={problem} />
      <FormActions onCancel={onClose} pending={add.isPending}>
        Add Passkey
      </FormActions>
    </form>
  );
}

/** The password again; then the passkey no longer signs in. */
function RemovePasskeyForm({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { remove } = usePasskeyActions();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (!password) return setProblem(PasskeyMessages.passwordRequired);
    setProblem(undefined);
    remove.mutate(
      { id: passkey.id, password },
      { onError: (error) => setProblem(passkeyFailureMessage(error)) },
    );
  };

  return (
    <form
      className={`${wellness.form} ${styles.rowForm}`}
      onSubmit={submit}
      noValidate
      aria-label={`Remove ${passkey.name}`}
    >
      <p className={wellness.hint}>
        Enter your password to remove this passkey. It will no longer sign you in.
      </p>
      <PasswordField value={password} onChange={setPassword} initialFocus />
      <FormProblem text={problem} />
      <FormActions onCancel={onClose} pending={remove.isPending}>
        Remove
      </FormActions>
    </form>
  );
}
