// "Sign in with a passkey" on the sign-in form: no username, no password. The server's options start the
// browser's ceremony (@simplewebauthn/browser, loaded only now); the authenticator picks the account and
// verifies the member, and its answer opens the session as a login does (establishSession). The passkey
// stands for both factors, so no code is asked after it.
import { useMutation } from '@tanstack/react-query';
import type { AuthResponse } from '../../../api/types';
import { Icon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { accountApi } from '../api';
import { useSession } from '../hooks/session-context';
import { askForPasskey } from '../passkey-prompt';
import { passkeyFailureMessage } from '../passkeys';
import styles from './AuthForm.module.css';
import screens from './AccountScreens.module.css';

async function signInWithPasskey(): Promise<AuthResponse> {
  const { ceremony_id, options } = await accountApi.passkeySignInOptions();
  const response = await askForPasskey(options);
  return accountApi.passkeySignIn({ ceremony_id, response });
}

export function PasskeySignInButton({ disabled = false }: { disabled?: boolean }) {
  const { establishSession } = useSession();
  const signIn = useMutation({ mutationFn: signInWithPasskey, onSuccess: establishSession });
  return (
    <div className={screens.passkey}>
      <button
        type="button"
        className="btn btn-ghost btn-lg btn-block"
        disabled={disabled || signIn.isPending}
        aria-busy={signIn.isPending}
        onClick={() => signIn.mutate()}
      >
        {signIn.isPending ? <Spinner /> : <Icon name="key" size={18} />}
        Sign in with a passkey
      </button>
      {signIn.isError ? (
        <p className={styles.alert} role="alert">
          {passkeyFailureMessage(signIn.error)}
        </p>
      ) : null}
    </div>
  );
}
