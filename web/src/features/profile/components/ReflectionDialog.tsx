// Daily reflection dialog (spec 000 §2, §4, §5): content (required, non-blank after trimming) and mood
// (positive, neutral, negative). On success the form resets, the dialog closes, the lists and stats
// reload and the wallet refreshes (useReflect).
import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../ui/Modal';
import { showToast } from '../../../ui/toast';
import { failureText } from '../profile-form';
import { useReflect } from '../hooks/useWellness';
import { canSubmitReflection, emptyReflection, REFLECTION_MOODS, savedText } from '../wellness';
import { DialogFooter, MoodPicker } from './FormParts';
import styles from '../../../ui/Wellness.module.css';

export function ReflectionDialog({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState(emptyReflection);
  const reflect = useReflect();
  const ids = useId();
  const ready = canSubmitReflection(form);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    reflect.mutate(form, {
      onSuccess: (reward) => {
        setForm(emptyReflection());
        showToast(savedText('Reflection', reward));
        onClose();
      },
    });
  };

  return (
    <Modal title="Daily Reflection" onClose={onClose}>
      <form className={styles.form} onSubmit={submit}>
        <div className={styles.field}>
          <label htmlFor={`${ids}-content`}>Your reflection</label>
          <textarea
            id={`${ids}-content`}
            rows={5}
            value={form.content}
            onChange={(event) => setForm({ ...form, content: event.target.value })}
            placeholder="What are you grateful for today?"
          />
        </div>
        <MoodPicker
          legend="Mood"
          moods={REFLECTION_MOODS}
          value={form.mood}
          onChange={(mood) => setForm({ ...form, mood })}
        />
        {reflect.isError ? (
          <p className={styles.error} role="alert">
            {failureText(reflect.error, 'Failed to save reflection')}
          </p>
        ) : null}
        <DialogFooter
          onCancel={onClose}
          submitLabel="Save Reflection"
          pending={reflect.isPending}
          disabled={!ready}
        />
      </form>
    </Modal>
  );
}
