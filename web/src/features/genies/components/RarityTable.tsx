// The shop's rarity table (spec 001 §9): each rarity with its odds and AC per day.
import { RARITY_TABLE } from '../genies';
import { RarityBadge } from './GenieImage';
import styles from './Genies.module.css';

export function RarityTable({ caption = 'Rarity odds' }: { caption?: string }) {
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Rarity</th>
          <th scope="col">Odds</th>
          <th scope="col">Daily earnings</th>
        </tr>
      </thead>
      <tbody>
        {RARITY_TABLE.map((tier) => (
          <tr key={tier.rarity}>
            <th scope="row">
              <RarityBadge rarity={tier.rarity} />
            </th>
            <td>{tier.odds}</td>
            <td>{tier.dailyAc} AC/day</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
