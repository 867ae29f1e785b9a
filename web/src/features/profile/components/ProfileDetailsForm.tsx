// The rich settings variant (spec 000 §2 "Settings"): Display Name, Aura Animation, Bio with its counter
// (max 160), Aura Color Gradient, Profile Ring Color, Profile Background Style, a ring preview, the YouTube
// audio link (disabled for non-members: 'Upgrade to SuperAura to enable profile music') and Save Changes.
// PUT /api/profile gets only the changed fields; §8 'Failed to update profile'.
import { useId, useState, type FormEvent } from 'react';
import type { User } from '../../../api/types';
import { Spinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';
import { useUpdateProfile } from '../hooks/useWellness';
import {
  ANIMATION_STYLES,
  BACKGROUNDS,
  BIO_MAX,
  bioCounter,
  bioTooLong,
  changedFields,
  formFromUser,
  formProblem,
  GRADIENTS,
  optionLabel,
  ProfileMessages,
  RING_COLORS,
  ringColorLabel,
  type ProfileForm,
} from '../profile-form';
import { RingPreview } from './RingPreview';
import styles from '../../../ui/Wellness.module.css';

function Select({
  label,
  value,
  options,
  onChange,
  labelOf = optionLabel,
}: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  labelOf?: (value: string) => string;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ProfileDetailsForm({ user, onUpgrade }: { user: User; onUpgrade: () => void }) {
  const before = formFromUser(user);
  const [form, setForm] = useState<ProfileForm>(before);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateProfile();
  const ids = useId();
  const bioId = `${ids}-bio`;
  const set =
    <K extends keyof ProfileForm>(field: K) =>
    (value: string) =>
      setForm((f) => ({ ...f, [field]: value as ProfileForm[K] }));
  const changes = changedFields(form, before);
  const dirty = Object.keys(changes).length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = formProblem(form, user.is_super_aura, before);
    setProblem(found);
    if (found || !dirty) return;
    update.mutate(changes, {
      onSuccess: () => showToast(ProfileMessages.saved),
      onError: (error) => console.warn('profile save failed', error),
    });
  };

  return (
    <form className={`card ${styles.block} ${styles.form}`} onSubmit={submit} aria-label="Profile details">
      <h4 className={styles.cardTitle}>Profile Details</h4>
      <div className={styles.field}>
        <label htmlFor={`${ids}-name`}>Display Name</label>
        <input
          id={`${ids}-name`}
          type="text"
          value={form.display_name}
          maxLength={50}
          onChange={(event) => set('display_name')(event.target.value)}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${bioId}-input`}>Bio</label>
        <textarea
          id={`${bioId}-input`}
          rows={3}
          value={form.bio}
          aria-describedby={bioId}
          aria-invalid={bioTooLong(form.bio) || undefined}
          onChange={(event) => set('bio')(event.target.value)}
          placeholder="Tell members about your aura"
        />
        <span id={bioId} className={styles.counter} data-over={bioTooLong(form.bio) || undefined}>
          {bioCounter(form.bio)}
        </span>
      </div>
      <div className={styles.twoCols}>
        <Select
          label="Aura Animation"
          value={form.aura_animation_style}
          options={ANIMATION_STYLES}
          onChange={set('aura_animation_style')}
        />
        <Select
          label="Aura Color Gradient"
          value={form.aura_color_gradient}
          options={GRADIENTS}
          onChange={set('aura_color_gradient')}
        />
        <Select
          label="Profile Ring Color"
          value={form.profile_ring_color}
          options={RING_COLORS}
          onChange={set('profile_ring_color')}
          labelOf={ringColorLabel}
        />
        <Select
          label="Profile Background Style"
          value={form.profile_background}
          options={BACKGROUNDS}
          onChange={set('profile_background')}
        />
      </div>
      <RingPreview
        user={user}
        ringColor={form.profile_ring_color}
        background={form.profile_background}
        gradient={form.aura_color_gradient}
        animation={form.aura_animation_style}
      />
      <div className={styles.field}>
        <label htmlFor={`${ids}-music`}>YouTube Audio Link</label>
        <input
          id={`${ids}-music`}
          type="url"
          value={form.profile_audio_youtube_link}
          disabled={!user.is_super_aura}
          aria-describedby={`${ids}-music-hint`}
          placeholder="https://www.youtube.com/watch?v=…"
          onChange={(event) => set('profile_audio_youtube_link')(event.target.value)}
        />
        {user.is_super_aura ? (
          <span id={`${ids}-music-hint`} className={styles.hint}>
            Plays on your profile, looped, for every visitor
          </span>
        ) : (
          <span id={`${ids}-music-hint`} className={styles.hint}>
            {ProfileMessages.musicNeedsSuperAura}{' '}
            <button type="button" className="link-btn" onClick={onUpgrade}>
              Upgrade
            </button>
          </span>
        )}
      </div>
      {problem ? (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      ) : null}
      {update.isError ? (
        <p className={styles.error} role="alert">
          {ProfileMessages.saveFailed}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={update.isPending || !dirty}
          title={`Bio at most ${BIO_MAX} characters`}
        >
          {update.isPending ? <Spinner /> : null}
          Save Changes
        </button>
      </div>
    </form>
  );
}
