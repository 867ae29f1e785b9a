// The member profile dialog ('member', opened with {userId}; spec 000 §2 "Public profile dialog"):
// avatar with the aura ring, display name, @username, bio, counts, aura score out of 1000 with level,
// Follow/Following (hidden on one's own profile), banner, profile music, and the tabs Posts, Reflections,
// Stories, Lives. The featured genie (genies issue) grows in MemberHeader; a new section goes in MEMBER_TABS.
import { useId, useState, type ComponentType } from 'react';
import type { DialogContentProps } from '../../../app/dialogs';
import { EmptyState } from '../../../ui/EmptyState';
import { Skeleton } from '../../../ui/Skeleton';
import { TabPanel, Tabs } from '../../../ui/Tabs';
import { PROFILE_NOT_FOUND } from '../follow';
import { useMemberProfile } from '../hooks/useMember';
import type { MemberProfile, MemberTabProps } from '../types';
import { MemberHeader } from './MemberHeader';
import { MemberLivesTab } from './MemberLivesTab';
import { MemberPostsTab } from './MemberPostsTab';
import { MemberReflectionsTab } from './MemberReflectionsTab';
import { MemberStoriesTab } from './MemberStoriesTab';
import backdrop from '../../../ui/Backdrop.module.css';
import styles from './MemberProfileDialog.module.css';

const MEMBER_TABS: readonly { id: string; label: string; Panel: ComponentType<MemberTabProps> }[] = [
  { id: 'posts', label: 'Posts', Panel: MemberPostsTab },
  { id: 'reflections', label: 'Reflections', Panel: MemberReflectionsTab },
  { id: 'stories', label: 'Stories', Panel: MemberStoriesTab },
  { id: 'lives', label: 'Lives', Panel: MemberLivesTab },
];

export function MemberProfileDialog({ props }: DialogContentProps) {
  const userId = typeof props?.userId === 'string' ? props.userId : '';
  const profile = useMemberProfile(userId);

  if (profile.isPending && userId !== '') return <MemberSkeleton />;
  if (!profile.data) {
    return (
      <EmptyState icon="user" title={PROFILE_NOT_FOUND}>
        This member may have left or is not available.
      </EmptyState>
    );
  }
  return <MemberProfileView key={userId} profile={profile.data} />;
}

function MemberProfileView({ profile }: { profile: MemberProfile }) {
  const [tab, setTab] = useState(MEMBER_TABS[0]!.id);
  const idBase = useId();
  const current = MEMBER_TABS.find((item) => item.id === tab) ?? MEMBER_TABS[0]!;
  return (
    <div className={`${styles.profile} ${backdrop.backdrop}`} data-background={profile.profile_background}>
      <MemberHeader profile={profile} />
      <Tabs
        items={MEMBER_TABS}
        value={current.id}
        onChange={setTab}
        label="Profile sections"
        idBase={idBase}
      />
      <TabPanel idBase={idBase} value={current.id} className={styles.panel}>
        <current.Panel profile={profile} />
      </TabPanel>
    </div>
  );
}

function MemberSkeleton() {
  return (
    <div className={styles.profile} role="status" aria-label="Loading profile">
      <div className={styles.skeletonHead}>
        <Skeleton width={88} height={88} round />
        <div className={styles.skeletonLines}>
          <Skeleton width="40%" height={18} />
          <Skeleton width="25%" height={12} />
          <Skeleton width="70%" height={12} />
        </div>
      </div>
      <Skeleton height={10} />
      <Skeleton height={38} style={{ borderRadius: 999 }} />
    </div>
  );
}
