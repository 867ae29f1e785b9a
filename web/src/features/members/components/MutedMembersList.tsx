// Settings → Privacy → Muted Members: whom the member muted (GET /api/mutes, most recent first, paged),
// each with Unmute. Muted members never learn of it.
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/errors';
import { queryKeys } from '../../../api/query-keys';
import { Avatar } from '../../../ui/Avatar';
import { SettingsListStatus } from '../../../ui/SettingsListStatus';
import { Spinner } from '../../../ui/Spinner';
import { timeAgo } from '../../../ui/text';
import { showToast } from '../../../ui/toast';
import { nextPageParam } from '../../../api/cursor';
import wellness from '../../../ui/Wellness.module.css';
import { membersApi } from '../api';
import { MUTE_FAILED } from '../hooks/useMuteMember';
import styles from '../../../ui/SettingsRows.module.css';

export function MutedMembersList() {
  const queryClient = useQueryClient();
  const mutes = useInfiniteQuery({
    queryKey: queryKeys.mutes,
    queryFn: ({ pageParam, signal }) => membersApi.mutes(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextPageParam,
  });
  const unmute = useMutation({
    mutationFn: (userId: string) => membersApi.unmute(userId),
    onSuccess: (_answer, userId) => {
      showToast('Unmuted');
      void queryClient.invalidateQueries({ queryKey: queryKeys.memberProfile(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.feeds });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stories });
    },
    onError: (error) => showToast(error instanceof ApiError ? error.userMessage : MUTE_FAILED),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.mutes }),
  });
  const entries = mutes.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className={`card ${wellness.block}`} aria-label="Muted members">
      <h4 className={wellness.cardTitle}>Muted Members</h4>
      <span className={wellness.hint}>
        Their posts and stories stay out of your feeds and explore. They are not told.
      </span>
      <SettingsListStatus
        query={mutes}
        failed="Failed to load muted members."
        empty="You haven't muted anyone."
        isEmpty={entries.length === 0}
      >
        <ul className={styles.list}>
          {entries.map(({ user, muted_at }) => (
            <li key={user.id} className={styles.row}>
              <Avatar
                username={user.username}
                src={user.profile_picture}
                size="sm"
                auraScore={user.aura_score}
              />
              <span className={styles.text}>
                <span className={styles.name}>{user.display_name}</span>
                <span className={styles.details}>
                  @{user.username} · muted {timeAgo(muted_at)}
                </span>
              </span>
              <button
                type="button"
                className="btn btn-ghost"
                disabled={unmute.isPending && unmute.variables === user.id}
                onClick={() => unmute.mutate(user.id)}
                aria-label={`Unmute @${user.username}`}
              >
                {unmute.isPending && unmute.variables === user.id ? <Spinner /> : null}
                Unmute
              </button>
            </li>
          ))}
        </ul>
      </SettingsListStatus>
      {mutes.hasNextPage ? (
        <div className={wellness.formActions}>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={mutes.isFetchingNextPage}
            onClick={() => void mutes.fetchNextPage()}
          >
            {mutes.isFetchingNextPage ? <Spinner /> : null}
            Show More
          </button>
        </div>
      ) : null}
    </section>
  );
}
