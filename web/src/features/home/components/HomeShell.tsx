// The signed-in home view (spec 000 §2 "Main home view"). Phones and tablets: one column with the
// bottom navigation. From 1100 px: the same navigation as a left rail, the feed in the centre and a
// right column (members to follow, trending tags, the coin price, the member's wallet).
import { useCallback, useState } from 'react';
import { useMediaQuery, WIDE_QUERY } from '../../../ui/useMediaQuery';
import { DEFAULT_FEED_TAB, type FeedTab } from '../../feed';
import { RestrictionBanner } from '../../moderation';
import { SetupChecklist } from '../../onboarding';
import { AppHeader } from './AppHeader';
import { AuraEnergyBar } from './AuraEnergyBar';
import { BottomNav } from './BottomNav';
import { FeedTabs } from './FeedTabs';
import { HomeAside } from './HomeAside';
import { QuickAccessGrid } from './QuickAccessGrid';
import { SideMenu } from './SideMenu';
import { StoriesStrip } from './StoriesStrip';
import styles from './HomeShell.module.css';

export function HomeShell() {
  const [tab, setTab] = useState<FeedTab>(DEFAULT_FEED_TAB);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const wide = useMediaQuery(WIDE_QUERY);

  return (
    <div className={styles.shell}>
      {/* While the side menu is open, the page behind it is out of reach (focus, clicks, screen readers). */}
      <div inert={menuOpen}>
        <AppHeader onOpenMenu={() => setMenuOpen(true)} />
        <div className={styles.layout}>
          <BottomNav activeView={tab} onHome={() => setTab('aura')} />
          <main className={styles.main}>
            <RestrictionBanner />
            <QuickAccessGrid />
            <AuraEnergyBar />
            <SetupChecklist />
            <StoriesStrip />
            <FeedTabs value={tab} onChange={setTab} />
          </main>
          {wide ? <HomeAside /> : null}
        </div>
      </div>
      {menuOpen ? <SideMenu onClose={closeMenu} /> : null}
    </div>
  );
}
