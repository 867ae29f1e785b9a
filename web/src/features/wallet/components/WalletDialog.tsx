// The Wallet & Payments dialog ('wallet'; spec 001 §2 "AuraCoin Wallet", spec 000 §2 wallet section):
// balance, total earned, the tabs and the history. Spec 001 names three tabs: Buy AuraCoins, Send
// AuraCoins, Withdraw. The first, Buy AuraCoins, opens unless a tab is asked for ({tab: 'buy'|'send'|'withdraw'}).
// Under the history, the monthly statements (issue 23 §8), then "Spending that cares" (issue 23 §7:
// the daily limit and the pause, docs/spending.md).
import { useId, useState } from 'react';
import type { DialogContentProps } from '../../../app/dialogs';
import { TabPanel, Tabs } from '../../../ui/Tabs';
import { BuyCoinsTab } from './BuyCoinsTab';
import { SendCoinsTab } from './SendCoinsTab';
import { SpendingCareSection } from './SpendingCareSection';
import { StatementsSection } from './StatementsSection';
import { TransactionHistory } from './TransactionHistory';
import { WalletSummary } from './WalletSummary';
import { WithdrawTab } from './WithdrawTab';
import styles from './Wallet.module.css';

const WALLET_TABS = [
  { id: 'buy', label: 'Buy AuraCoins' },
  { id: 'send', label: 'Send AuraCoins' },
  { id: 'withdraw', label: 'Withdraw' },
] as const;

type WalletTab = (typeof WALLET_TABS)[number]['id'];

const isWalletTab = (value: unknown): value is WalletTab => WALLET_TABS.some((tab) => tab.id === value);

export function WalletDialog({ props }: DialogContentProps) {
  const asked = props?.tab;
  const [tab, setTab] = useState<WalletTab>(isWalletTab(asked) ? asked : 'buy');
  const idBase = useId();
  return (
    <div className={styles.dialog}>
      <WalletSummary />
      <Tabs items={WALLET_TABS} value={tab} onChange={setTab} label="Wallet actions" idBase={idBase} />
      <TabPanel idBase={idBase} value={tab}>
        {tab === 'buy' ? <BuyCoinsTab /> : tab === 'send' ? <SendCoinsTab /> : <WithdrawTab />}
      </TabPanel>
      <TransactionHistory />
      <StatementsSection />
      <SpendingCareSection />
    </div>
  );
}
