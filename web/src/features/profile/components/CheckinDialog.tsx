// Daily check-in dialog (spec 000 §2, §4, §5): mood (default neutral), optional description and an energy
// slider 1-10 (default 5). On success the form resets, the dialog closes, the lists and stats reload and
// the wallet refreshes (useCheckIn).
import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../ui/Modal';
import { showToast } from '../../../ui/toast';
import { failureText } from '../profile-form';
import { useCheckIn } from '../hooks/useWellness';
import { CHECKIN_MOODS, clampEnergy, emptyCheckin, ENERGY_MAX, ENERGY_MIN, savedText } from '../wellness';
import { DialogFooter, MoodPicker } from './FormParts';
import styles from '../../../ui/Wellness.module.css';

export function CheckinDialog({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState(emptyCheckin);
  const checkIn = useCheckIn();
  const ids = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    checkIn.mutate(form, {
      onSuccess: (reward) => {
        setForm(emptyCheckin());
        showToast(savedText('Check-in', reward));
        onClose();
      },
    });
  };

  return (
    <Modal title="Daily Check-in" onClose={onClose}>
      <form className={styles.form} onSubmit={submit}>
        <MoodPicker
          legend="How are you feeling?"
          moods={CHECKIN_MOODS}
          value={form.mood}
          onChange={(mood) => setForm({ ...form, mood })}
        />
        <div className={styles.field}>
          <label htmlFor={`${ids}-description`}>Description (optional)</label>
          <textarea
            id={`${ids}-description`}
            rows={3}
            value={form.description}
            onChange={(event) => setForm({ ...form, description: event.target.value })}
            placeholder="What's behind this mood?"
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-energy`}>Energy level</label>
          <input
            id={`${ids}-energy`}
            type="range"
            min={ENERGY_MIN}
            max={ENERGY_MAX}
            step={1}
            value={form.energy}
            aria-valuetext={`${form.energy} of 10`}
            onChange={(event) => setForm({ ...form, energy: clampEnergy(Number(event.target.value)) })}
          />
          <output htmlFor={`${ids}-energy`} className={styles.counter}>
            {form.energy}/10
          </output>
        </div>
        {checkIn.isError ? (
          <p className={styles.error} role="alert">
            {failureText(checkIn.error, 'Failed to save check-in')}
          </p>
        ) : null}
        <DialogFooter onCancel={onClose} submitLabel="Submit Check-in" pending={checkIn.isPending} />
      </form>
    </Modal>
  );
}
