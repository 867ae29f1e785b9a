// A notice above the signed-out pages (the landing page, the sign-in card), until the member dismisses
// it: how a mailed confirmation link went, or that the account is scheduled for deletion.
import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../../ui/icons';
import screens from './AccountScreens.module.css';

export function PageNotice({
  tone,
  icon,
  title,
  children,
  onDismiss,
}: {
  tone: 'success' | 'error' | 'info';
  icon: IconName;
  /** A first line in bold, when the message needs one. */
  title?: string;
  children: ReactNode;
  onDismiss: () => void;
}) {
  return (
    <div className={screens.notice} data-tone={tone} role="status">
      <Icon name={icon} size={18} />
      <div className={screens.noticeText}>
        {title ? <p className={screens.noticeTitle}>{title}</p> : null}
        <p className={screens.noticeMessage}>{children}</p>
      </div>
      <button type="button" className={screens.noticeClose} onClick={onDismiss} aria-label="Dismiss">
        <Icon name="close" size={18} />
      </button>
    </div>
  );
}
