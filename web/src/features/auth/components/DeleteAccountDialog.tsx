// The confirmation of Delete Account: the password, then POST /api/auth/account/delete. Every session
// ends on the server, this one too, so the app signs out as "Sign Out" does and lands on the landing
// page, where the server's message says when the account will be deleted. A refusal (wrong password,
// an admin account, too many tries) shows in the server's words and the member stays.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Modal } from '../../../ui/Modal';
import wellness from '../../../ui/Wellness.module.css';
import {
  accountDeletionFailure,
  AccountDeletionMessages,
  DELETION_GRACE_DAYS,
  deletionNotice,
} from '../account-deletion';
import { authApi } from '../api';
import { useSession } from '../hooks/session-context';
import styles from './AccountSecurity.module.css';
import { FormActions, FormProblem, PasswordField } from '../../../ui/SettingsFormParts';

export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { signOut, isSigningOut } = useSession();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const remove = useMutation({
    mutationFn: (confirmation: string) => authApi.deleteAccount({ password: confirmation }),
    onSuccess: async (answer) => {
      deletionNotice.show(answer.message);
      await signOut();
    },
    onError: (error) => setProblem(accountDeletionFailure(error)),
  });
  const pending = remove.isPending || isSigningOut;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!password) return setProblem(AccountDeletionMessages.passwordRequired);
    setProblem(undefined);
    remove.mutate(password);
  };

  return (
    <Modal title="Delete Your Account" onClose={onClose}>
      <form className={wellness.form} onSubmit={submit} noValidate aria-label="Delete your account">
        <p className={wellness.hint}>
          Enter your password to delete your account. You will be signed out on every device, and after{' '}
          {DELETION_GRACE_DAYS} days your profile, posts and everything else you shared are erased. Sign in
          again before then to keep it.
        </p>
        <PasswordField value={password} onChange={setPassword} />
        <FormProblem text={problem} />
        <FormActions onCancel={onClose} pending={pending} submitClassName={`btn ${styles.deleteConfirm}`}>
          Delete Account
        </FormActions>
      </form>
    </Modal>
  );
}
