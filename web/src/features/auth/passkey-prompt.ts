// The browser's side of signing in with a passkey: the server's options start the prompt
// (@simplewebauthn/browser, loaded only now); the authenticator's answer goes back to the server as is.
// Used by "Sign in with a passkey" (no password) and by "Use a passkey instead" (the code step).
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/** Runs the browser's passkey prompt; rejects as the browser does (NotAllowedError when closed). */
export async function askForPasskey(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return { ...response };
}
