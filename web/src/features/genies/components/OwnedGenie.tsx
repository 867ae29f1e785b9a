// One genie of My Genie Collection: picture, name (nickname), rarity, earnings, and the nickname
// edit, Feature and Send actions (spec 001 §2, §8).
import { useId, useState, type FormEvent } from 'react';
import { useAppDialogs } from '../../../app/dialogs';
import { focusOnMount } from '../../../ui/focus-on-mount';
import { Spinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';
import { FormError } from '../../wallet';
import { formatGenieAC, genieDisplayName, GenieTexts, NICKNAME_MAX } from '../genies';
import { useSetFeatured, useSetNickname } from '../hooks/useGenies';
import type { UserGenie } from '../types';
import { GenieImage, RarityBadge } from './GenieImage';
import styles from './Genies.module.css';

const acquiredText = (iso: string) => {
  const time = Date.parse(iso);
  return Number.isFinite(time)
    ? new Date(time).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })
    : null;
};

export function OwnedGenie({ genie, layout }: { genie: UserGenie; layout: 'grid' | 'list' }) {
  const { openDialog } = useAppDialogs();
  const setFeatured = useSetFeatured();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = genieDisplayName(genie);
  const acquired = acquiredText(genie.acquired_at);

  const onFeature = () => {
    setError(null);
    setFeatured.mutate(genie.id, {
      onSuccess: (answer) => showToast(answer?.message || `${name} is now your featured genie`),
      onError: () => setError(GenieTexts.featureFailed),
    });
  };

  return (
    <article
      className={`card ${layout === 'grid' ? styles.genieCard : styles.genieRow}`}
      data-rarity={genie.genie.rarity}
      aria-label={name}
    >
      <GenieImage src={genie.genie.image_url} name={genie.genie.name} rarity={genie.genie.rarity} />
      <div className={styles.genieBody}>
        <h4 className={styles.genieName}>
          {name}
          {genie.is_featured ? <span className={styles.featuredMark}> ★ Featured</span> : null}
        </h4>
        {name !== genie.genie.name ? <p className={styles.muted}>{genie.genie.name}</p> : null}
        <RarityBadge rarity={genie.genie.rarity} />
        <p className={styles.earning}>{formatGenieAC(genie.daily_earning_rate)} AC/day</p>
        <p className={styles.muted}>
          Pending {formatGenieAC(genie.pending_earnings)} AC{acquired ? ` · Acquired ${acquired}` : ''}
        </p>
        {editing ? (
          <NicknameForm genie={genie} onDone={() => setEditing(false)} />
        ) : (
          <div className={styles.actions}>
            <button type="button" className="btn btn-ghost" onClick={() => setEditing(true)}>
              Edit nickname
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={onFeature}
              disabled={genie.is_featured || setFeatured.isPending}
            >
              {setFeatured.isPending ? <Spinner /> : null}
              {genie.is_featured ? 'Featured' : 'Feature'}
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => openDialog('send-genie', { userGenieId: genie.id })}
              disabled={genie.received_as_gift === true}
              title={genie.received_as_gift ? 'A genie received as a gift cannot be sent again' : undefined}
            >
              Send
            </button>
          </div>
        )}
        <FormError error={error} />
      </div>
    </article>
  );
}

function NicknameForm({ genie, onDone }: { genie: UserGenie; onDone: () => void }) {
  const setNickname = useSetNickname();
  const [value, setValue] = useState(genie.nickname ?? '');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (setNickname.isPending) return;
    setNickname.mutate(
      { id: genie.id, nickname: value.trim() },
      {
        onSuccess: () => {
          showToast('Nickname updated');
          onDone();
        },
        onError: () => setError(GenieTexts.nicknameFailed),
      },
    );
  };

  return (
    <form className={styles.nickname} onSubmit={onSubmit} aria-label={`Nickname of ${genie.genie.name}`}>
      <label className="sr-only" htmlFor={id}>
        Nickname
      </label>
      <input
        id={id}
        className={styles.input}
        value={value}
        maxLength={NICKNAME_MAX}
        placeholder={genie.genie.name}
        onChange={(event) => setValue(event.target.value)}
        ref={focusOnMount}
      />
      <button type="submit" className="btn btn-primary" disabled={setNickname.isPending}>
        {setNickname.isPending ? <Spinner /> : null}
        Save
      </button>
      <button type="button" className="btn btn-ghost" onClick={onDone}>
        Cancel
      </button>
      <FormError error={error} />
    </form>
  );
}
