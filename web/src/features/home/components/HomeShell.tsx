// The signed-in home view (spec 000 §2 "Main home view").
import { useCallback, useState } from 'react';
import { DEFAULT_FEED_TAB, type FeedTab } from '../../feed/feed-tabs';
import { AppHeader } from './AppHeader';
import { AuraEnergyBar } from './AuraEnergyBar';
import { BottomNav } from './BottomNav';
import { FeedTabs } from './FeedTabs';
import { QuickAccessGrid } from './QuickAccessGrid';
import { SideMenu } from './SideMenu';
import { StoriesStrip } from './StoriesStrip';
import styles from './HomeShell.module.css';

export function HomeShell() {
  const [tab, setTab] = useState<FeedTab>(DEFAULT_FEED_TAB);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <div className={styles.shell}>
      {/* While the side menu is open, the page behind it is out of reach (focus, clicks, screen readers). */}
      <div inert={menuOpen}>
        <AppHeader onOpenMenu={() => setMenuOpen(true)} />
        <main className={styles.main}>
          <QuickAccessGrid />
          <AuraEnergyBar />
          <StoriesStrip />
          <FeedTabs value={tab} onChange={setTab} />
        </main>
        <BottomNav activeView={tab} onHome={() => setTab('aura')} />
      </div>
      {menuOpen ? <SideMenu onClose={closeMenu} /> : null}
    </div>
  );
}
