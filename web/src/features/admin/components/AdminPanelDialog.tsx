// The Admin Panel dialog ('admin'; spec 001 §2, §6): tabs Dashboard, Withdrawals, Users, Support and,
// for a super admin, Settings. For any other role it renders nothing and loads nothing (the shell is
// closed at once); each tab loads its own data only when shown.
import { useEffect, useId, useState } from 'react';
import type { DialogContentProps } from '../../../app/DialogHost';
import { TabPanel, Tabs } from '../../../ui/Tabs';
import { useSignedInUser } from '../../auth/hooks/session-context';
import { adminTabs, type AdminTab } from '../admin';
import styles from './Admin.module.css';
import { DashboardTab } from './DashboardTab';
import { SettingsTab } from './SettingsTab';
import { SupportTab } from './SupportTab';
import { UsersTab } from './UsersTab';
import { WithdrawalsTab } from './WithdrawalsTab';

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
        ) : (
          <SettingsTab />
        )}
      </TabPanel>
    </div>
  );
}
