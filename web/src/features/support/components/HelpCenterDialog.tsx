// The Help Center dialog ('help'; spec 000 §2 "Help center dialog", §3, §4, §5, §8): tabs FAQ, Contact
// Support and My Tickets, and the support e-mail from configuration (GET /api/public/config).
import { useId, useState } from 'react';
import type { DialogContentProps } from '../../../app/dialogs';
import { TabPanel, Tabs } from '../../../ui/Tabs';
import styles from '../../../ui/Admin.module.css';
import { useSupportEmail } from '../hooks/useSupport';
import { ContactSupportTab } from './ContactSupportTab';
import { FaqTab } from './FaqTab';
import { MyTicketsTab } from './MyTicketsTab';

const HELP_TABS = [
  { id: 'faq', label: 'FAQ' },
  { id: 'contact', label: 'Contact Support' },
  { id: 'tickets', label: 'My Tickets' },
] as const;

type HelpTab = (typeof HELP_TABS)[number]['id'];

export function HelpCenterDialog(_: DialogContentProps) {
  const [tab, setTab] = useState<HelpTab>('faq');
  const email = useSupportEmail();
  const idBase = useId();
  return (
    <div className={styles.panel}>
      <p className={styles.muted} data-testid="support-email">
        {email ? (
          <>
            Need more help? Write to us at <a href={`mailto:${email}`}>{email}</a>
          </>
        ) : (
          'Need more help? Contact Support below.'
        )}
      </p>
      <Tabs items={HELP_TABS} value={tab} onChange={setTab} label="Help sections" idBase={idBase} />
      <TabPanel idBase={idBase} value={tab}>
        {tab === 'faq' ? (
          <FaqTab />
        ) : tab === 'contact' ? (
          <ContactSupportTab onSubmitted={() => setTab('tickets')} />
        ) : (
          <MyTicketsTab />
        )}
      </TabPanel>
    </div>
  );
}
