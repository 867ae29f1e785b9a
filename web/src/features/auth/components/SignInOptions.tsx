// Under the sign-in form: "Forgot password?" (a mailed link) and, where the browser has WebAuthn,
// "Sign in with a passkey".
import { passkeysSupported } from '../passkeys';
import screens from './AccountScreens.module.css';
import { PasskeySignInButton } from './PasskeySignInButton';

export function SignInOptions({
  onForgotPassword,
  disabled = false,
}: {
  onForgotPassword?: () => void;
  /** The password sign-in is under way. */
  disabled?: boolean;
}) {
  const passkeys = passkeysSupported(window);
  if (!passkeys && !onForgotPassword) return null;
  return (
    <div className={screens.options}>
      {onForgotPassword ? (
        <button type="button" className={`link-btn ${screens.forgot}`} onClick={onForgotPassword}>
          Forgot password?
        </button>
      ) : null}
      {passkeys ? (
        <>
          <div className={screens.divider} aria-hidden="true">
            or
          </div>
          <PasskeySignInButton disabled={disabled} />
        </>
      ) : null}
    </div>
  );
}
