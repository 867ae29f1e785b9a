// The Admin Panel dialog ('admin'; spec 001 §2, §6): tabs Dashboard, Withdrawals, Users, Support,
// Moderation (loaded when first shown) and Settings. For any other role it renders nothing and loads nothing (the shell is closed at once); each
// tab loads its own data only when shown. The security policy is read first: when the server shuts the
// admin views to this admin (two-factor authentication required), its reason is shown instead of the
// tabs, and so it is when any admin view is refused for it later.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { DialogContentProps } from '../../../app/dialogs';
import { TabPanel, Tabs } from '../../../ui/Tabs';
import { useSignedInUser } from '../../auth';
import { lazyWithSpinner } from '../../../ui/lazy';
import { Spinner } from '../../../ui/Spinner';
import { adminRefusal, adminTabs, type AdminTab } from '../admin';
import { adminKeys, useSecurityPolicy } from '../hooks/useAdmin';
import styles from '../../../ui/Admin.module.css';
import { AdminRefused } from './AdminRefused';
import { DashboardTab } from './DashboardTab';
import { SettingsTab } from './SettingsTab';
import { SupportTab } from './SupportTab';
import { UsersTab } from './UsersTab';
import { WithdrawalsTab } from './WithdrawalsTab';

const ModerationTab = lazyWithSpinner(
  () => import('./ModerationTab').then((module) => module.ModerationTab),
  'Loading moderation',
);

export function AdminPanelDialog({ close }: DialogContentProps) {
  const user = useSignedInUser();
  const allowed = adminTabs(user.role).length > 0;
  useEffect(() => {
    if (!allowed) close();
  }, [allowed, close]);
  return allowed ? <AdminPanel /> : null;
}

function AdminPanel() {
  const user = useSignedInUser();
  const tabs = adminTabs(user.role);
  const [asked, setTab] = useState<AdminTab>('dashboard');
  // A role taken away while the panel is open (Settings) falls back to the Dashboard.
  const tab = tabs.some((t) => t.id === asked) ? asked : 'dashboard';
  const idBase = useId();
  const policy = useSecurityPolicy();
  const refusal = adminRefusal(policy.error);
  useRefusalsReadPolicyAgain();

  if (policy.isPending) return <Spinner label="Opening the Admin Panel" />;
  if (refusal)
    return (
      <AdminRefused message={refusal} retrying={policy.isFetching} onRetry={() => void policy.refetch()} />
    );
  return (
    <div className={styles.panel}>
      <Tabs items={tabs} value={tab} onChange={setTab} label="Admin sections" idBase={idBase} />
      <TabPanel idBase={idBase} value={tab}>
        {tab === 'dashboard' ? (
          <DashboardTab />
        ) : tab === 'withdrawals' ? (
          <WithdrawalsTab role={user.role} />
        ) : tab === 'users' ? (
          <UsersTab viewer={user} />
        ) : tab === 'support' ? (
          <SupportTab />
        ) : tab === 'moderation' ? (
          <ModerationTab />
        ) : (
          <SettingsTab role={user.role} />
        )}
      </TabPanel>
    </div>
  );
}

/**
 * An admin view or action refused with a reason (403) while the panel is open, e.g. the policy was just
 * turned on: the policy is read again, so that the panel shows the reason instead of a failed view.
 */
function useRefusalsReadPolicyAgain() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const readAgain = (error: unknown) => {
      if (adminRefusal(error)) void queryClient.invalidateQueries({ queryKey: adminKeys.security });
    };
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      const [scope, name] = event.query.queryKey;
      if (scope === adminKeys.all[0] && name !== adminKeys.security[1]) readAgain(event.action.error);
    });
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') readAgain(event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [queryClient]);
}
