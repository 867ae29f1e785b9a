import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { authFailureMessage } from '../../../api/errors';
import type { AuthResponse, LoginAnswer } from '../../../api/types';
import { authApi } from '../api';
import { askForPasskey } from '../passkey-prompt';
import {
  isSecondFactorChallenge,
  offersPasskey,
  passkeyStepFailure,
  secondFactorFailure,
} from '../two-factor';
import { toLoginRequest, toRegisterRequest, type AuthFormValues, type AuthMode } from '../validation';
import { useSession } from './session-context';

/** "Use a passkey instead" on the code step: the member's passkey answers it in place of a code. */
export interface SecondFactorPasskey {
  /** Runs the browser's passkey prompt and, with its answer, completes the sign-in. */
  start: () => void;
  isPending: boolean;
  /** Why the passkey did not sign in (the member may try again or type a code), or null. */
  errorMessage: string | null;
  /** The browser's prompt was closed or failed (nothing was sent): said calmly. */
  notUsed: boolean;
}

/** The code step of a sign-in that asked for a second factor (the password was right). */
export interface SecondFactorStep {
  /** Sends a code from the authenticator app or a recovery code. */
  verify: (code: string) => void;
  /** A code or the passkey is being checked: the step's controls wait. */
  isPending: boolean;
  /** The server's words for a failed code (the member may try again), or null. */
  errorMessage: string | null;
  /** Forgets the failure shown (the member switched to the other kind of code). */
  clearError: () => void;
  /** Back to the password step. */
  cancel: () => void;
  /** The member's passkey instead of a code; null when they have none or this browser cannot use one. */
  passkey: SecondFactorPasskey | null;
}

interface Challenge {
  token: string;
  passkey: boolean;
}

/** The server's options, the browser's prompt, then the server again: a session, as a good code gives. */
async function completeWithPasskey(token: string): Promise<AuthResponse> {
  const { ceremony_id, options } = await authApi.secondFactorPasskeyOptions(token);
  const response = await askForPasskey(options);
  return authApi.completeLoginWithPasskey(token, ceremony_id, response);
}

/**
 * Signs in or signs up; on success the session is established. `errorMessage` follows spec 000 §8. A
 * member with two-factor authentication gets `secondFactor` after the password: the code (or, when they
 * have one, a passkey) completes the sign-in; a challenge spent (five tries or five minutes) goes back to
 * the password with the server's words in `errorMessage`.
 */
export function useAuthSubmit() {
  const { establishSession } = useSession();
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [restartMessage, setRestartMessage] = useState<string | null>(null);

  const restart = (message: string) => {
    setChallenge(null);
    setRestartMessage(message);
  };

  const verify = useMutation({
    mutationFn: ({ token, code }: { token: string; code: string }) =>
      authApi.completeLogin({ second_factor_token: token, code }),
    onSuccess: establishSession,
    onError: (error) => {
      const failure = secondFactorFailure(error);
      if (failure.restart) restart(failure.message);
    },
  });

  const passkey = useMutation({
    mutationFn: completeWithPasskey,
    onSuccess: establishSession,
    onError: (error) => {
      const failure = passkeyStepFailure(error);
      if (failure.restart) restart(failure.message);
    },
  });

  const signIn = useMutation({
    mutationFn: ({ mode, values }: { mode: AuthMode; values: AuthFormValues }): Promise<LoginAnswer> =>
      mode === 'signin' ? authApi.login(toLoginRequest(values)) : authApi.register(toRegisterRequest(values)),
    onMutate: () => setRestartMessage(null),
    onSuccess: (answer) => {
      if (!isSecondFactorChallenge(answer)) return establishSession(answer);
      verify.reset();
      passkey.reset();
      setChallenge({ token: answer.second_factor_token, passkey: offersPasskey(answer) });
    },
  });

  const busy = verify.isPending || passkey.isPending;
  const passkeyFailure = passkey.isError ? passkeyStepFailure(passkey.error) : null;

  const secondFactor: SecondFactorStep | null =
    challenge === null
      ? null
      : {
          verify: (code) => {
            if (busy) return;
            passkey.reset();
            verify.mutate({ token: challenge.token, code });
          },
          isPending: busy,
          errorMessage: verify.isError ? secondFactorFailure(verify.error).message : null,
          clearError: () => {
            verify.reset();
            passkey.reset();
          },
          cancel: () => {
            setChallenge(null);
            verify.reset();
            passkey.reset();
            signIn.reset();
          },
          passkey: challenge.passkey
            ? {
                start: () => {
                  if (busy) return;
                  verify.reset();
                  passkey.mutate(challenge.token);
                },
                isPending: passkey.isPending,
                errorMessage: passkeyFailure?.message ?? null,
                notUsed: passkeyFailure?.notUsed ?? false,
              }
            : null,
        };

  return {
    submit: signIn.mutate,
    isPending: signIn.isPending,
    errorMessage: signIn.isError ? authFailureMessage(signIn.error) : restartMessage,
    reset: () => {
      signIn.reset();
      setRestartMessage(null);
    },
    secondFactor,
  };
}
