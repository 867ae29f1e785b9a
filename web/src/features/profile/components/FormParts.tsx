// Parts shared by the check-in, reflection and customiser dialogs: a mood picker (radio chips) and the
// footer with Cancel and the submit button (a spinner while the call runs).
import { useId } from 'react';
import { Spinner } from '../../../ui/Spinner';
import { moodEmoji, moodLabel } from '../wellness';
import styles from '../../../ui/Wellness.module.css';

export function MoodPicker<T extends string>({
  legend,
  moods,
  value,
  onChange,
}: {
  legend: string;
  moods: readonly T[];
  value: T;
  onChange: (mood: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className={styles.moods}>
      <legend>{legend}</legend>
      {moods.map((mood) => (
        <label key={mood} className={styles.mood} data-checked={value === mood || undefined}>
          <input
            type="radio"
            name={name}
            value={mood}
            checked={value === mood}
            onChange={() => onChange(mood)}
          />
          <span aria-hidden="true">{moodEmoji(mood)}</span>
          {moodLabel(mood)}
        </label>
      ))}
    </fieldset>
  );
}

export function DialogFooter({
  onCancel,
  submitLabel,
  pending,
  disabled = false,
  onSubmit,
}: {
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  disabled?: boolean;
  /** Without it the button submits its form. */
  onSubmit?: () => void;
}) {
  return (
    <div className={styles.formActions}>
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        Cancel
      </button>
      <button
        type={onSubmit ? 'button' : 'submit'}
        className="btn btn-primary"
        onClick={onSubmit}
        disabled={disabled || pending}
      >
        {pending ? <Spinner /> : null}
        {submitLabel}
      </button>
    </div>
  );
}
