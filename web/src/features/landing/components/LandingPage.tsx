// Spec 000 §2 "Landing page (signed out)": title, five statistic cards, the live community feed preview,
// and Create Account and Sign In buttons.
import { AuraWordmark } from './AuraMark';
import { CommunityFeedPreview } from './CommunityFeedPreview';
import { StatCards } from './StatCards';
import styles from './LandingPage.module.css';

export function LandingPage({
  onCreateAccount,
  onSignIn,
}: {
  onCreateAccount: () => void;
  onSignIn: () => void;
}) {
  return (
    <div className={styles.page}>
      <header className={styles.nav}>
        <AuraWordmark />
      </header>

      <main className={styles.main}>
        <section className={styles.hero}>
          <div className={styles.orb} aria-hidden="true" />
          <p className={styles.eyebrow}>Social wellness, together</p>
          <h1 className={styles.title}>
            Welcome to <span className="gradient-text">Aura</span>
          </h1>
          <p className={styles.subtitle}>
            Share how you feel, lift each other up and watch your aura grow. Daily check-ins, reflections and
            a community that rewards positive energy with AuraCoin.
          </p>
          <div className={styles.actions}>
            <button type="button" className="btn btn-primary btn-lg" onClick={onCreateAccount}>
              Create Account
            </button>
            <button type="button" className="btn btn-ghost btn-lg" onClick={onSignIn}>
              Sign In
            </button>
          </div>
        </section>

        <StatCards />
        <CommunityFeedPreview />
      </main>

      <footer className={styles.footer}>
        <span>© Aura</span>
        <span>Grow your energy, one day at a time.</span>
      </footer>
    </div>
  );
}
