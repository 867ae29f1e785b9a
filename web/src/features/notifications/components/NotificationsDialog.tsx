// The notifications center ('notifications'; spec 000 §2): tabs All, Unread, Social, Earnings; each
// notification with its title, message, who and when, and the AC earned; mark read singly or all.
// A notification is marked read when it is opened (a click on it), and one from a member opens their
// profile on top of the center ("data export ready" opens Settings → Privacy, where the ZIP is
// downloaded); there is no per-row "Mark read" button. Likes and comments on one post, and follows, are
// one row ("Nova and 3 others liked your post", issue 23); opening it marks all of it read.
import { useId, useState } from 'react';
import { useAppDialogs, type DialogContentProps } from '../../../app/dialogs';
import { useOpenMember } from '../../members';
import { Avatar } from '../../../ui/Avatar';
import { EmptyState } from '../../../ui/EmptyState';
import { formatAC } from '../../../ui/format';
import { Skeleton } from '../../../ui/Skeleton';
import { TabPanel, Tabs } from '../../../ui/Tabs';
import { timeAgo } from '../../../ui/text';
import { useMarkNotificationsRead, useNotificationList } from '../hooks/useNotifications';
import {
  filterNotifications,
  groupNotifications,
  NOTIFICATION_TABS,
  notificationTarget,
  type NotificationGroup,
  type NotificationTab,
} from '../notifications';
import styles from './Notifications.module.css';

const EMPTY_TEXT: Record<NotificationTab, string> = {
  all: 'No notifications yet',
  unread: 'You are all caught up',
  social: 'No social notifications yet',
  earnings: 'No earnings yet',
};

export function NotificationsDialog(_props: DialogContentProps) {
  const [tab, setTab] = useState<NotificationTab>('all');
  const idBase = useId();
  const list = useNotificationList();
  const marking = useMarkNotificationsRead();
  const openMember = useOpenMember();
  const { openDialog } = useAppDialogs();
  const all = list.data ?? [];
  const shown = groupNotifications(filterNotifications(all, tab));
  const hasUnread = all.some((item) => !item.is_read);

  return (
    <div className={styles.center}>
      <div className={styles.toolbar}>
        <Tabs
          items={NOTIFICATION_TABS}
          value={tab}
          onChange={setTab}
          label="Notification types"
          idBase={idBase}
          size="sm"
        />
        <button
          type="button"
          className={`btn btn-ghost ${styles.markAll}`}
          onClick={marking.markAllRead}
          disabled={!hasUnread || marking.isPending}
        >
          Mark all read
        </button>
      </div>
      <TabPanel idBase={idBase} value={tab} className={styles.panel}>
        {list.isPending ? (
          <div className={styles.loading} role="status" aria-label="Loading notifications">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} height={56} />
            ))}
          </div>
        ) : shown.length === 0 ? (
          <div className={styles.empty}>
            <EmptyState icon="bell" title={EMPTY_TEXT[tab]}>
              {list.isError ? 'Notifications could not be loaded.' : null}
            </EmptyState>
            {list.isError ? (
              <button type="button" className="btn btn-ghost" onClick={() => void list.refetch()}>
                Try again
              </button>
            ) : null}
          </div>
        ) : (
          <ul className={styles.items} aria-label="Notifications">
            {shown.map((group) => (
              <NotificationItem
                key={group.latest.id}
                group={group}
                onOpen={() => {
                  for (const item of group.items) if (!item.is_read) marking.markRead(item.id);
                  const target = notificationTarget(group.latest);
                  if (target?.kind === 'member') openMember(target.userId);
                  else if (target?.kind === 'settings')
                    openDialog('profile', { section: 'settings', focus: target.focus });
                }}
              />
            ))}
          </ul>
        )}
      </TabPanel>
    </div>
  );
}

function NotificationItem({ group, onOpen }: { group: NotificationGroup; onOpen: () => void }) {
  const notification = group.latest;
  const from = notification.from_user;
  const coins = group.coins;
  return (
    <li
      data-read={group.isRead ? 'true' : 'false'}
      data-type={notification.type}
      data-grouped={group.items.length > 1 || undefined}
    >
      <button type="button" className={styles.item} onClick={onOpen}>
        {from ? (
          <Avatar username={from.username} src={from.profile_picture} auraScore={from.aura_score} size="sm" />
        ) : (
          <span className={styles.systemMark} aria-hidden="true">
            ✦
          </span>
        )}
        <span className={styles.body}>
          <span className={styles.title}>
            {group.isRead ? null : <span className="sr-only">Unread: </span>}
            <span>{notification.title}</span>
            {group.isRead ? null : <span className={styles.unreadDot} aria-hidden="true" />}
          </span>
          <span className={styles.message}>{group.message}</span>
          <span className={styles.meta}>
            <time dateTime={notification.created_at}>{timeAgo(notification.created_at)}</time>
            {coins > 0 ? <span className={styles.coins}>+{formatAC(coins, 3)}</span> : null}
          </span>
        </span>
      </button>
    </li>
  );
}
