// Mute / Muted on another member's profile: only the caller sees it; the member is never told.
import { Spinner } from '../../../ui/Spinner';
import { useMuteMember } from '../hooks/useMuteMember';
import type { MemberProfile } from '../types';

export function MuteButton({ profile }: { profile: MemberProfile }) {
  const { setMuted, isPending } = useMuteMember(profile.id);
  const muted = profile.is_muted;
  return (
    <button
      type="button"
      className="btn btn-ghost"
      onClick={() => setMuted(!muted)}
      disabled={isPending}
      aria-pressed={muted}
      aria-busy={isPending || undefined}
      title={
        muted
          ? 'Show their posts and stories in your feeds again'
          : 'Hide their posts and stories from your feeds'
      }
    >
      {isPending ? <Spinner /> : null}
      {muted ? 'Muted' : 'Mute'}
    </button>
  );
}
