// Five live statistic cards (spec 000 §2): total users, active users online, live coin price, posts, engagement.
import { Icon, type IconName } from '../../../ui/icons';
import { formatUSD } from '../../../ui/format';
import { useCoinPrice, usePublicStats } from '../hooks/useLandingData';
import styles from './StatCards.module.css';

interface Stat {
  label: string;
  value: string;
  icon: IconName;
  accent: string;
}

export function StatCards() {
  const { stats } = usePublicStats();
  const { price } = useCoinPrice();
  const cards: Stat[] = [
    { label: 'Total Users', value: String(stats.total_users), icon: 'users', accent: 'violet' },
    { label: 'Active Users Online', value: String(stats.active_users_24h), icon: 'pulse', accent: 'teal' },
    { label: 'Live Coin Price', value: formatUSD(price), icon: 'coin', accent: 'amber' },
    { label: 'Posts', value: String(stats.total_posts), icon: 'posts', accent: 'pink' },
    { label: 'Engagement', value: String(stats.total_engagement), icon: 'heart', accent: 'sky' },
  ];
  return (
    <section className={styles.grid} aria-label="Platform statistics">
      {cards.map((card) => (
        <article
          key={card.label}
          className={`card ${styles.card}`}
          data-accent={card.accent}
          aria-label={card.label}
        >
          <span className={styles.icon}>
            <Icon name={card.icon} size={20} />
          </span>
          <p className={styles.value}>{card.value}</p>
          <p className={styles.label}>{card.label}</p>
        </article>
      ))}
    </section>
  );
}
