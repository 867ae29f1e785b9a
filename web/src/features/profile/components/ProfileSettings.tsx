// The own-profile Settings section, 'Aura Personalization' (spec 000 §2): the basic variant (profile
// picture upload, banner upload of an image or video, each saved as it is picked) and the rich variant
// (ProfileDetailsForm: display name, animation, bio with counter, gradient, ring colour, background, ring
// preview, YouTube link, Save Changes). The SuperAura card invites non-members to the Upgrade section and
// shows members their subscription. 'Account Security' below it: the e-mail address (confirmed or not),
// the password change, two-factor authentication, passkeys, the devices the member is signed in on and,
// set apart at its end, Delete Account. 'Privacy' last: the kinds of notifications they want (issue 23),
// the members and the words they muted, and "Your data" (the data export). Opened with `focus: 'privacy'` (the "data export ready" notification), the
// dialog shows the Privacy section.
import { useId, useRef, type ChangeEvent } from 'react';
import type { User } from '../../../api/types';
import { Avatar } from '../../../ui/Avatar';
import { Icon } from '../../../ui/icons';
import { MediaIcon } from '../../../ui/media-icons';
import { ProgressBar } from '../../../ui/ProgressBar';
import { Spinner } from '../../../ui/Spinner';
import { ChangePasswordForm } from '../../auth';
import { DataExportCard } from '../../auth';
import { DeleteAccountSettings } from '../../auth';
import { DevicesList } from '../../auth';
import { EmailSettings } from '../../auth';
import { PasskeysSettings } from '../../auth';
import { TwoFactorSettings } from '../../auth';
import { MutedMembersList } from '../../members';
import { NotificationSettings } from '../../notifications';
import { MutedWordsList } from '../../members';
import { SuperAuraCard } from '../../superaura';
import { useBannerUpload } from '../hooks/useBannerUpload';
import { useKeepInView } from '../hooks/useKeepInView';
import { useProfilePictureUpload } from '../hooks/useProfilePictureUpload';
import { BANNER_ACCEPT, PICTURE_ACCEPT, ProfileMediaMessages } from '../profile-media-rules';
import { BannerDisplay } from './BannerDisplay';
import { ProfileDetailsForm } from './ProfileDetailsForm';
import styles from './ProfileSettings.module.css';

/** Hands the picked file over and empties the input, so that the same file can be picked again. */
function takeFile(event: ChangeEvent<HTMLInputElement>, onFile: (file: File) => void) {
  const file = event.target.files?.[0];
  event.target.value = '';
  if (file) onFile(file);
}

/** A part of Settings the dialog can be opened at. */
export type SettingsFocus = 'privacy';

export function ProfileSettings({
  user,
  onUpgrade,
  focus,
}: {
  user: User;
  onUpgrade: () => void;
  focus?: SettingsFocus;
}) {
  const headingId = useId();
  const securityId = useId();
  const privacyId = useId();
  const privacy = useRef<HTMLElement>(null);
  useKeepInView(privacy, focus === 'privacy');
  return (
    <>
      <section className={styles.settings} aria-labelledby={headingId}>
        <h3 id={headingId} className={styles.heading}>
          <MediaIcon name="photo" size={18} />
          Aura Personalization
        </h3>
        <SuperAuraCard user={user} onUpgrade={onUpgrade} />
        <PictureSetting user={user} />
        <BannerSetting user={user} />
        <ProfileDetailsForm key={user.id} user={user} onUpgrade={onUpgrade} />
      </section>
      <section className={styles.settings} aria-labelledby={securityId}>
        <h3 id={securityId} className={styles.heading}>
          <Icon name="shield" size={18} />
          Account Security
        </h3>
        <EmailSettings />
        <ChangePasswordForm key={user.id} />
        <TwoFactorSettings key={`two-factor-${user.id}`} />
        <PasskeysSettings key={`passkeys-${user.id}`} />
        <DevicesList key={`devices-${user.id}`} />
        <DeleteAccountSettings key={`delete-${user.id}`} />
      </section>
      <section ref={privacy} className={styles.settings} aria-labelledby={privacyId}>
        <h3 id={privacyId} className={styles.heading} tabIndex={-1}>
          <Icon name="block" size={18} />
          Privacy
        </h3>
        <NotificationSettings key={`notifications-${user.id}`} />
        <MutedMembersList key={`mutes-${user.id}`} />
        <MutedWordsList key={`muted-words-${user.id}`} />
        <DataExportCard key={`data-export-${user.id}`} />
      </section>
    </>
  );
}

function PictureSetting({ user }: { user: User }) {
  const { state, error, upload } = useProfilePictureUpload();
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const uploading = state.status === 'uploading';
  // Until the member is refreshed (1.5 s after success) the picker stays closed: one change at a time.
  const busy = state.status !== 'idle';
  const shown = state.status === 'idle' ? user.profile_picture : state.preview;

  return (
    <div className={`card ${styles.block}`} role="group" aria-labelledby={titleId}>
      <div className={styles.pictureRow}>
        <span className={styles.pictureFrame} data-state={state.status}>
          <Avatar
            username={user.username}
            src={shown}
            size="xl"
            auraScore={user.aura_score}
            alt={state.status === 'idle' ? 'Your profile picture' : 'New profile picture preview'}
          />
          {uploading ? (
            <span className={styles.pictureOverlay} aria-hidden="true">
              {state.percent}%
            </span>
          ) : null}
          {state.status === 'success' ? (
            <span className={styles.pictureDone} aria-hidden="true">
              <MediaIcon name="check" size={16} />
            </span>
          ) : null}
        </span>
        <div className={styles.pictureText}>
          <h4 id={titleId} className={styles.title}>
            Profile Picture
          </h4>
          <p className={styles.hint}>JPEG, PNG, GIF, WebP, BMP or TIFF · up to 5MB</p>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => input.current?.click()}
            disabled={busy}
          >
            {uploading ? <Spinner /> : <MediaIcon name="upload" size={16} />}
            {user.profile_picture ? 'Change Picture' : 'Upload Picture'}
          </button>
          <input
            ref={input}
            type="file"
            accept={PICTURE_ACCEPT}
            aria-label="Profile picture file"
            hidden
            onChange={(event) => takeFile(event, (file) => void upload(file))}
          />
        </div>
      </div>
      <div className={styles.feedback} aria-live="polite">
        {uploading ? (
          <div className={styles.progress}>
            <span className={styles.progressText}>Uploading… {state.percent}%</span>
            <ProgressBar value={state.percent} label="Profile picture upload progress" />
          </div>
        ) : null}
        {state.status === 'success' ? (
          <p className={styles.success} role="status">
            <MediaIcon name="check" size={16} />
            Profile picture updated
          </p>
        ) : null}
        {error ? (
          <p className={styles.error} role="alert">
            <MediaIcon name="alert" size={16} />
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function BannerSetting({ user }: { user: User }) {
  const { state, upload } = useBannerUpload();
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const uploading = state.status === 'uploading';

  return (
    <div className={`card ${styles.block}`} role="group" aria-labelledby={titleId}>
      <div className={styles.bannerTop}>
        <div>
          <h4 id={titleId} className={styles.title}>
            Profile Banner
          </h4>
          <p className={styles.hint}>Image or video · up to 25MB · recommended 1200×300px</p>
        </div>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => input.current?.click()}
          disabled={uploading}
        >
          {uploading ? <Spinner /> : <MediaIcon name="upload" size={16} />}
          {user.banner_image ? 'Change Banner' : 'Upload Banner'}
        </button>
        <input
          ref={input}
          type="file"
          accept={BANNER_ACCEPT}
          aria-label="Banner file"
          hidden
          onChange={(event) => takeFile(event, (file) => void upload(file))}
        />
      </div>
      <div className={styles.bannerPreview} data-state={state.status}>
        <BannerDisplay url={user.banner_image} auraScore={user.aura_score} label="Your banner" />
        {uploading ? (
          <span className={styles.bannerOverlay} aria-hidden="true">
            {state.percent}%
          </span>
        ) : null}
      </div>
      <div className={styles.feedback} aria-live="polite">
        {uploading ? (
          <div className={styles.progress}>
            <span className={styles.progressText}>Uploading… {state.percent}%</span>
            <ProgressBar value={state.percent} label="Banner upload progress" />
          </div>
        ) : null}
        {state.status === 'success' ? (
          <p className={styles.success} role="status">
            <MediaIcon name="check" size={16} />
            {ProfileMediaMessages.bannerUpdated}
          </p>
        ) : null}
        {state.status === 'failed' ? (
          <p className={styles.error} role="alert">
            <MediaIcon name="alert" size={16} />
            {state.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
