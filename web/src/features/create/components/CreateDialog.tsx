// The Create dialog (spec 000 §2, §5, §8): Post or Story mode, content, category, optional media through
// the media uploader; 'Please add content or media to your post|story' before sending; on success
// 'Post created successfully!' / 'Story created successfully!', the lists reload and the dialog closes.
import { useId, useState, type FormEvent } from 'react';
import type { DialogContentProps } from '../../../app/dialogs';
import { Icon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { TabPanel, Tabs } from '../../../ui/Tabs';
import { showToast } from '../../../ui/toast';
import { MediaUploader } from '../../media';
import { useCreatePost } from '../hooks/useCreatePost';
import {
  createdMessage,
  createModeOf,
  DEFAULT_CATEGORY,
  isPostCategory,
  POST_CATEGORIES,
  validateDraft,
  type AttachedMedia,
  type CreateMode,
  type PostCategory,
} from '../validation';
import styles from './CreateDialog.module.css';
import { MentionTextarea } from '../../members';

const MODES = [
  { id: 'post', label: 'Post' },
  { id: 'story', label: 'Story' },
] as const;

const COPY: Record<CreateMode, { label: string; placeholder: string; submit: string }> = {
  post: {
    label: "What's on your mind?",
    placeholder: 'Share your energy with the community…',
    submit: 'Share Post',
  },
  story: {
    label: 'Your story',
    placeholder: 'A moment, a feeling, a spark… (visible for 5 hours)',
    submit: 'Share Story',
  },
};

export function CreateDialog({ close, props }: DialogContentProps) {
  const [mode, setMode] = useState<CreateMode>(() => createModeOf(props));
  const [content, setContent] = useState('');
  const [category, setCategory] = useState<PostCategory>(DEFAULT_CATEGORY);
  const [media, setMedia] = useState<AttachedMedia | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { create, isPending, errorMessage, reset } = useCreatePost();
  const idBase = useId();
  const messageId = useId();
  const copy = COPY[mode];
  const message = problem ?? errorMessage;

  const clearMessages = () => {
    setProblem(null);
    if (errorMessage) reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft = { mode, content, category, media };
    const invalid = validateDraft(draft);
    if (invalid) {
      setProblem(invalid);
      return;
    }
    clearMessages();
    create(draft, {
      onSuccess: () => {
        showToast(createdMessage(draft.mode));
        close();
      },
    });
  };

  return (
    <div className={styles.dialog}>
      <Tabs
        items={MODES}
        value={mode}
        onChange={(next) => {
          setMode(next);
          clearMessages();
        }}
        label="What to create"
        idBase={idBase}
      />
      <TabPanel idBase={idBase} value={mode}>
        <form
          className={styles.form}
          onSubmit={submit}
          noValidate
          aria-describedby={message ? messageId : undefined}
        >
          {mode === 'story' ? (
            <p className={styles.hint}>
              <Icon name="sparkle" size={16} /> Stories appear in your followers' strip and disappear after 5
              hours.
            </p>
          ) : null}
          <label className={styles.field}>
            <span className={styles.label}>{copy.label}</span>
            <MentionTextarea
              className={styles.textarea}
              rows={mode === 'story' ? 3 : 5}
              placeholder={copy.placeholder}
              value={content}
              onValueChange={(value) => {
                setContent(value);
                if (problem) setProblem(null);
              }}
            />
          </label>

          <label className={styles.field}>
            <span className={styles.label}>Category</span>
            <select
              className={styles.select}
              value={category}
              onChange={(event) => isPostCategory(event.target.value) && setCategory(event.target.value)}
            >
              {POST_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {value.charAt(0).toUpperCase() + value.slice(1)}
                </option>
              ))}
            </select>
          </label>

          <div className={styles.field}>
            <span className={styles.label}>Media (optional)</span>
            <MediaUploader
              onUploaded={(uploaded) => {
                setMedia(uploaded);
                if (problem) setProblem(null);
              }}
              onCleared={() => setMedia(null)}
            />
          </div>

          {message ? (
            <p id={messageId} className={styles.error} role="alert">
              {message}
            </p>
          ) : null}

          <div className={styles.actions}>
            <button type="button" className="btn btn-ghost" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={isPending}>
              {isPending ? <Spinner /> : <Icon name="send" size={18} />}
              {copy.submit}
            </button>
          </div>
        </form>
      </TabPanel>
    </div>
  );
}
