// Profile customiser (spec 000 §2 "Profile customiser (ring and background)", §8): choose
// profile_ring_color and profile_background; PUT /api/profile with them. Success 'Profile customization
// saved successfully!', failure 'Failed to save customization. Please try again.'
import { useId, useState } from 'react';
import type { User } from '../../../api/types';
import { Modal } from '../../../ui/Modal';
import { showToast } from '../../../ui/toast';
import { useUpdateProfile } from '../hooks/useWellness';
import {
  BACKGROUNDS,
  oneOf,
  optionLabel,
  ProfileMessages,
  RING_COLORS,
  ringColorLabel,
  type Background,
  type RingColor,
} from '../profile-form';
import { DialogFooter } from './FormParts';
import { RingPreview } from './RingPreview';
import backdrop from '../../../ui/Backdrop.module.css';
import styles from '../../../ui/Wellness.module.css';

export function ProfileCustomiser({ user, onClose }: { user: User; onClose: () => void }) {
  const [ring, setRing] = useState<RingColor>(oneOf(RING_COLORS, user.profile_ring_color));
  const [background, setBackground] = useState<Background>(oneOf(BACKGROUNDS, user.profile_background));
  const update = useUpdateProfile();
  const ids = useId();

  const save = () =>
    update.mutate(
      { profile_ring_color: ring, profile_background: background },
      {
        onSuccess: () => {
          showToast(ProfileMessages.customizationSaved);
          onClose();
        },
        onError: (error) => console.warn('customisation failed', error),
      },
    );

  return (
    <Modal title="Customize Profile" onClose={onClose}>
      <div className={styles.form}>
        <RingPreview user={user} ringColor={ring} background={background} />
        <fieldset className={styles.swatches}>
          <legend>Profile Ring Color</legend>
          {RING_COLORS.map((color) => (
            <label key={color} className={styles.swatch} data-checked={ring === color || undefined}>
              <input
                type="radio"
                name={`${ids}-ring`}
                value={color}
                checked={ring === color}
                onChange={() => setRing(color)}
              />
              <span className={styles.dot} data-ring={color} aria-hidden="true" />
              {ringColorLabel(color)}
            </label>
          ))}
        </fieldset>
        <fieldset className={styles.swatches}>
          <legend>Profile Background</legend>
          {BACKGROUNDS.map((style) => (
            <label key={style} className={styles.swatch} data-checked={background === style || undefined}>
              <input
                type="radio"
                name={`${ids}-background`}
                value={style}
                checked={background === style}
                onChange={() => setBackground(style)}
              />
              <span
                className={`${styles.dot} ${backdrop.backdrop}`}
                data-background={style}
                aria-hidden="true"
              />
              {optionLabel(style)}
            </label>
          ))}
        </fieldset>
        {update.isError ? (
          <p className={styles.error} role="alert">
            {ProfileMessages.customizationFailed}
          </p>
        ) : null}
        <DialogFooter
          onCancel={onClose}
          submitLabel="Save Customization"
          pending={update.isPending}
          onSubmit={save}
        />
      </div>
    </Modal>
  );
}
