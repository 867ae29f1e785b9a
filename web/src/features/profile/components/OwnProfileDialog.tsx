// The own-profile dialog (spec 000 §2 "Own-profile dialog"): the profile header and the section
// selector. The selector lists only the sections built so far (IMPLEMENTED_SECTIONS, in the spec's
// order); genies and marketplace (Shop) join it with their issue: add the id to IMPLEMENTED_SECTIONS and
// one line rendering the section below.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useScrollHints } from '../../../ui/useScrollHints';
import type { DialogContentProps } from '../../../app/dialogs';
import { useSignedInUser } from '../../auth';
import { GeniesSection } from '../../genies';
import { ShopSection } from '../../marketplace';
import { UpgradeSection } from '../../superaura';
import { WalletSection } from '../../wallet';
import { useUserDataRefreshListener } from '../hooks/user-refresh';
import { DashboardSection } from './DashboardSection';
import { OwnPostsSection } from './OwnPostsSection';
import { ReflectionSection } from './ReflectionSection';
import { SavedPostsSection } from './SavedPostsSection';
import { WellnessInsights } from './WellnessInsights';
import { initialSection, visibleSections, type ProfileSectionId } from '../profile-sections';
import { ProfileHeader } from './ProfileHeader';
import { ProfileSettings } from './ProfileSettings';
import styles from './OwnProfileDialog.module.css';

const IMPLEMENTED_SECTIONS: ReadonlySet<ProfileSectionId> = new Set([
  'dashboard',
  'posts',
  'saved',
  'reflection',
  'genies',
  'wallet',
  'marketplace',
  'upgrade',
  'settings',
]);

export function OwnProfileDialog({ props }: DialogContentProps) {
  const user = useSignedInUser();
  useUserDataRefreshListener();
  const sections = visibleSections(IMPLEMENTED_SECTIONS, user.is_super_aura);
  const [selected, setSelected] = useState(() => initialSection(sections, props?.section));
  // Opened at a part of Settings (the "data export ready" notification): only until another section is picked.
  const [focus, setFocus] = useState(() =>
    props?.section === 'settings' && props.focus === 'privacy' ? ('privacy' as const) : undefined,
  );
  const select = (id: ProfileSectionId) => {
    setSelected(id);
    setFocus(undefined);
  };
  const section = sections.find((s) => s.id === selected) ?? sections[0];
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const row = useRef<HTMLDivElement>(null);
  useScrollHints(row, section?.id);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + sections.length) % sections.length;
    select(sections[next]!.id);
    tabs.current[next]?.focus();
  };

  return (
    <div className={styles.dialog}>
      <ProfileHeader user={user} />
      <div ref={row} className={`scroll-row ${styles.tablist}`} role="tablist" aria-label="Profile sections">
        {sections.map((s, index) => (
          <button
            key={s.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            id={`${baseId}-${s.id}`}
            type="button"
            role="tab"
            aria-selected={section?.id === s.id}
            aria-controls={`${baseId}-panel`}
            tabIndex={section?.id === s.id ? 0 : -1}
            className={styles.tab}
            onClick={() => select(s.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {s.label}
          </button>
        ))}
      </div>
      {section ? (
        <div
          id={`${baseId}-panel`}
          role="tabpanel"
          aria-labelledby={`${baseId}-${section.id}`}
          className={styles.panel}
        >
          {section.id === 'dashboard' ? <DashboardSection user={user} /> : null}
          {section.id === 'posts' ? <OwnPostsSection /> : null}
          {section.id === 'saved' ? <SavedPostsSection /> : null}
          {section.id === 'reflection' ? (
            <>
              <ReflectionSection />
              <WellnessInsights />
            </>
          ) : null}
          {section.id === 'genies' ? <GeniesSection /> : null}
          {section.id === 'wallet' ? <WalletSection /> : null}
          {section.id === 'marketplace' ? <ShopSection /> : null}
          {section.id === 'upgrade' ? <UpgradeSection user={user} /> : null}
          {section.id === 'settings' ? (
            <ProfileSettings user={user} onUpgrade={() => select('upgrade')} focus={focus} />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
