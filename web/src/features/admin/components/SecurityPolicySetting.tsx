// Settings → Security: "Require two-factor authentication for admins" (GET/PUT /api/admin/security). A
// super admin switches it, once their own account has a second factor (else the server's words); an
// admin sees it, read-only. While it is on, an admin without a second factor cannot open the panel.
import { useId, useState } from 'react';
import type { UserRole } from '../../../api/types';
import { Spinner } from '../../../ui/Spinner';
import { Switch } from '../../../ui/Switch';
import { showToast } from '../../../ui/toast';
import { adminFailureMessage, AdminTexts, canChangeSecurityPolicy } from '../admin';
import { useSecurityPolicy, useSetSecurityPolicy } from '../hooks/useAdmin';
import styles from '../../../ui/Admin.module.css';
import { ErrorLine } from './parts';

export function SecurityPolicySetting({ role }: { role: UserRole }) {
  const policy = useSecurityPolicy();
  const change = useSetSecurityPolicy();
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const editable = canChangeSecurityPolicy(role);
  const on = policy.data?.require_admin_two_factor ?? false;

  const toggle = () => {
    if (!editable || change.isPending) return;
    setError(null);
    change.mutate(!on, {
      onSuccess: (answer) =>
        showToast(
          answer.require_admin_two_factor
            ? 'Admins must now use two-factor authentication'
            : 'Two-factor authentication is no longer required of admins',
        ),
      onError: (failure) => setError(adminFailureMessage(failure, AdminTexts.securityFailed)),
    });
  };

  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className={styles.sectionTitle}>
        Security
      </h3>
      {policy.isPending ? (
        <Spinner label="Loading the security policy" />
      ) : policy.isError ? (
        <ErrorLine error="The security policy could not be loaded" />
      ) : (
        <>
          <div className={styles.switchRow}>
            <span id={`${ids}-label`} className={styles.switchLabel}>
              Require two-factor authentication for admins
            </span>
            <Switch
              checked={on}
              onChange={toggle}
              labelledBy={`${ids}-label`}
              describedBy={`${ids}-hint`}
              disabled={!editable || change.isPending}
            />
          </div>
          <p id={`${ids}-hint`} className={styles.muted}>
            {on ? 'On: ' : 'Off: '}
            {on
              ? 'admins and super admins without two-factor authentication cannot open the Admin Panel.'
              : 'admins can open the Admin Panel with their password alone.'}{' '}
            {editable
              ? 'Turn on two-factor authentication for your own account first (Settings → Account Security).'
              : 'Only a super admin can change this.'}
          </p>
          <ErrorLine error={error} />
        </>
      )}
    </section>
  );
}
