// Top Tipped Creators (periods daily, weekly, monthly, all) and Top Rising Creators (7 Days, 30 Days):
// fetch 10, show 5 (spec 000 §2, §9). A creator opens their profile.
import { useId, useState } from 'react';
import { Avatar } from '../../../ui/Avatar';
import { formatAC } from '../../../ui/format';
import { Icon } from '../../../ui/icons';
import { Skeleton } from '../../../ui/Skeleton';
import { TabPanel, Tabs } from '../../../ui/Tabs';
import { plural } from '../../../ui/text';
import { useOpenMember } from '../../members';
import { RISING_PERIODS, TIP_PERIODS, type RisingPeriod, type TipPeriod } from '../explore';
import { useTopRising, useTopTipped } from '../hooks/useExploreLists';
import type { CreatorRanking } from '../types';
import { AuraScore } from './ResultItems';
import styles from './Explore.module.css';

export function TopCreatorsCard({ kind }: { kind: 'tipped' | 'rising' }) {
  return kind === 'tipped' ? <TopTipped /> : <TopRising />;
}

function TopTipped() {
  const [period, setPeriod] = useState<TipPeriod>('weekly');
  const { creators, isLoading } = useTopTipped(period);
  return (
    <CreatorsCard
      title="Top Tipped Creators"
      icon="trophy"
      periods={TIP_PERIODS}
      period={period}
      onPeriod={setPeriod}
      creators={creators}
      isLoading={isLoading}
      empty="No tips yet in this period. Send some energy to a creator you love!"
      detail={(entry) => `${formatAC(entry.total_tips ?? 0)} · ${plural(entry.tip_count ?? 0, 'tip')}`}
    />
  );
}

function TopRising() {
  const [period, setPeriod] = useState<RisingPeriod>('7d');
  const { creators, isLoading } = useTopRising(period);
  return (
    <CreatorsCard
      title="Top Rising Creators"
      icon="trending"
      periods={RISING_PERIODS}
      period={period}
      onPeriod={setPeriod}
      creators={creators}
      isLoading={isLoading}
      empty="No rising creators in this period yet."
      detail={(entry) => `+${entry.aura_gained ?? 0} aura`}
    />
  );
}

function CreatorsCard<P extends string>({
  title,
  icon,
  periods,
  period,
  onPeriod,
  creators,
  isLoading,
  empty,
  detail,
}: {
  title: string;
  icon: 'trophy' | 'trending';
  periods: readonly { id: P; label: string }[];
  period: P;
  onPeriod: (period: P) => void;
  creators: readonly CreatorRanking[];
  isLoading: boolean;
  empty: string;
  detail: (entry: CreatorRanking) => string;
}) {
  const openMember = useOpenMember();
  const idBase = useId();
  const titleId = `${idBase}-title`;
  return (
    <section className={`card ${styles.card}`} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cardTitle}>
        <Icon name={icon} size={18} /> {title}
      </h3>
      <Tabs
        items={periods}
        value={period}
        onChange={onPeriod}
        label={`${title} period`}
        idBase={idBase}
        size="sm"
      />
      <TabPanel idBase={idBase} value={period}>
        {isLoading ? (
          <div className={styles.creatorList} role="status" aria-label={`Loading ${title}`}>
            {[0, 1, 2].map((i) => (
              <div key={i} className={styles.skeletonRow}>
                <Skeleton width={32} height={32} round />
                <Skeleton width="60%" height={12} />
              </div>
            ))}
          </div>
        ) : creators.length === 0 ? (
          <p className={styles.cardEmpty}>{empty}</p>
        ) : (
          <ol className={styles.creatorList}>
            {creators.map((entry, index) => (
              <li key={entry.user.id}>
                <button
                  type="button"
                  className={styles.creator}
                  onClick={() => openMember(entry.user.id)}
                  aria-label={`${index + 1}. ${entry.user.display_name} @${entry.user.username}, ${detail(entry)}, view profile`}
                >
                  <span className={styles.rank}>{index + 1}</span>
                  <Avatar
                    username={entry.user.username}
                    src={entry.user.profile_picture}
                    size="sm"
                    auraScore={entry.user.aura_score}
                  />
                  <span className={styles.creatorText}>
                    <span className={styles.userName}>{entry.user.display_name}</span>
                    <span className={styles.userHandle}>{detail(entry)}</span>
                  </span>
                  <AuraScore score={entry.user.aura_score} />
                </button>
              </li>
            ))}
          </ol>
        )}
      </TabPanel>
    </section>
  );
}
