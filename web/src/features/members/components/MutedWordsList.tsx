// Settings → Privacy → Muted Words: words, phrases and #tags whose posts and stories stay out of the
// member's feeds and explore, each for 24 hours, 7 days, 30 days or until unmuted (GET/POST/DELETE
// /api/muted-words). The form refuses what the server would, in its words; every other refusal is the
// server's own. Each word is listed with when it was muted, until when, and Unmute.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/errors';
import { queryKeys } from '../../../api/query-keys';
import { Icon } from '../../../ui/icons';
import rows from '../../../ui/SettingsRows.module.css';
import { SettingsListStatus } from '../../../ui/SettingsListStatus';
import { Spinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';
import { FormProblem } from '../../../ui/SettingsFormParts';
import wellness from '../../../ui/Wellness.module.css';
import { membersApi } from '../api';
import {
  MUTE_DURATIONS,
  MUTED_PHRASE_MAX,
  mutedPhraseProblem,
  MutedWordMessages,
  mutedWordDetails,
  tidyPhrase,
} from '../muted-words';

export function MutedWordsList() {
  const queryClient = useQueryClient();
  const words = useQuery({
    queryKey: queryKeys.mutedWords,
    queryFn: ({ signal }) => membersApi.mutedWords(signal),
  });
  // The list, and everything a muted word hides things from.
  const changed = () => {
    for (const queryKey of [queryKeys.mutedWords, queryKeys.feeds, queryKeys.stories, queryKeys.search])
      void queryClient.invalidateQueries({ queryKey });
  };
  const unmute = useMutation({
    mutationFn: (id: string) => membersApi.unmuteWord(id),
    onSuccess: () => showToast('Unmuted'),
    onError: (error) =>
      showToast(error instanceof ApiError ? error.userMessage : MutedWordMessages.unmuteFailed),
    onSettled: changed,
  });
  const list = words.data ?? [];

  return (
    <section className={`card ${wellness.block}`} aria-label="Muted words">
      <h4 className={wellness.cardTitle}>Muted Words</h4>
      <span className={wellness.hint}>
        Posts and stories with these words or #tags stay out of your feeds and explore. Your own posts are
        never hidden.
      </span>
      <MuteWordForm onChanged={changed} />
      <SettingsListStatus
        query={words}
        failed="Failed to load your muted words."
        empty="You haven't muted any words."
        isEmpty={list.length === 0}
      >
        <ul className={rows.list} aria-label="Your muted words">
          {list.map((word) => {
            const removing = unmute.isPending && unmute.variables === word.id;
            return (
              <li key={word.id} className={rows.row}>
                <span className={rows.glyph} aria-hidden="true">
                  <Icon name={word.phrase.startsWith('#') ? 'hash' : 'block'} size={16} />
                </span>
                <span className={rows.text}>
                  <span className={rows.name}>{word.phrase}</span>
                  <span className={rows.details}>{mutedWordDetails(word)}</span>
                </span>
                <button
                  type="button"
                  className="btn btn-ghost"
                  disabled={removing}
                  onClick={() => unmute.mutate(word.id)}
                  aria-label={`Unmute ${word.phrase}`}
                >
                  {removing ? <Spinner /> : null}
                  Unmute
                </button>
              </li>
            );
          })}
        </ul>
      </SettingsListStatus>
    </section>
  );
}

/** A word, phrase or #tag and how long; muting one already muted gives it the new end. */
function MuteWordForm({ onChanged }: { onChanged: () => void }) {
  const id = useId();
  const [phrase, setPhrase] = useState('');
  const [hours, setHours] = useState(0);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const mute = useMutation({
    mutationFn: () => membersApi.muteWord(tidyPhrase(phrase), hours),
    onSuccess: (word) => {
      setPhrase('');
      showToast(`Muted “${word.phrase}”`);
    },
    onError: (error) =>
      setProblem(error instanceof ApiError ? error.userMessage : MutedWordMessages.muteFailed),
    onSettled: onChanged,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mute.isPending) return;
    const found = mutedPhraseProblem(phrase) ?? undefined;
    setProblem(found);
    if (!found) mute.mutate();
  };

  return (
    <form className={wellness.form} onSubmit={submit} noValidate aria-label="Mute a word">
      <div className={wellness.twoCols}>
        <div className={wellness.field}>
          <label htmlFor={`${id}-phrase`}>Word, Phrase or #Tag</label>
          <input
            id={`${id}-phrase`}
            type="text"
            value={phrase}
            placeholder="e.g. spoilers or #finale"
            maxLength={MUTED_PHRASE_MAX}
            autoComplete="off"
            aria-describedby={`${id}-phrase-hint`}
            onChange={(event) => setPhrase(event.target.value)}
          />
        </div>
        <div className={wellness.field}>
          <label htmlFor={`${id}-hours`}>Mute For</label>
          <select id={`${id}-hours`} value={hours} onChange={(event) => setHours(Number(event.target.value))}>
            {MUTE_DURATIONS.map((duration) => (
              <option key={duration.hours} value={duration.hours}>
                {duration.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {/* Under both fields, so that they line up side by side on wide screens. */}
      <span id={`${id}-phrase-hint`} className={wellness.hint}>
        Whole words in any case: “run” hides “Run!” but not “running”.
      </span>
      <FormProblem text={problem} />
      <div className={wellness.formActions}>
        <button type="submit" className="btn btn-primary" disabled={mute.isPending}>
          {mute.isPending ? <Spinner /> : <Icon name="block" size={16} />}
          Mute Word
        </button>
      </div>
    </form>
  );
}
