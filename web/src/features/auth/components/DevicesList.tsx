// Settings → Devices: where the member is signed in (GET /api/auth/sessions), each with its browser,
// address and last activity. Any other device can be signed out at once, or all of them together.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../../api/errors';
import { queryKeys } from '../../../api/query-keys';
import type { DeviceSessionResponse } from '../../../api/types';
import { Icon } from '../../../ui/icons';
import { SettingsListStatus } from '../../../ui/SettingsListStatus';
import { Spinner } from '../../../ui/Spinner';
import { timeAgo } from '../../../ui/text';
import { showToast } from '../../../ui/toast';
import { authApi } from '../api';
import { describeDevice } from '../device-names';
import wellness from '../../../ui/Wellness.module.css';
import styles from '../../../ui/SettingsRows.module.css';

export function DevicesList() {
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: queryKeys.sessions,
    queryFn: ({ signal }) => authApi.sessions(signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
  const endOne = useMutation({
    mutationFn: (id: string) => authApi.endSession(id),
    onSuccess: () => showToast('Device signed out'),
    onError: (error) => showToast(messageOf(error, 'Failed to sign the device out')),
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: () => authApi.endOtherSessions(),
    onSuccess: (answer) =>
      showToast(
        answer.sessions_ended === 0
          ? 'No other devices were signed in'
          : `Signed out of ${answer.sessions_ended} other device${answer.sessions_ended === 1 ? '' : 's'}`,
      ),
    onError: (error) => showToast(messageOf(error, 'Failed to sign the other devices out')),
    onSettled: refresh,
  });
  const others = (sessions.data ?? []).filter((session) => !session.current);

  return (
    <section className={`card ${wellness.block}`} aria-label="Devices">
      <h4 className={wellness.cardTitle}>Devices</h4>
      <span className={wellness.hint}>
        Where your account is signed in. Sign out any device you don&apos;t recognise.
      </span>
      <SettingsListStatus query={sessions} failed="Failed to load your devices" isEmpty={false}>
        <ul className={styles.list}>
          {(sessions.data ?? []).map((session) => (
            <DeviceRow
              key={session.id}
              session={session}
              ending={endOne.isPending && endOne.variables === session.id}
              onEnd={() => endOne.mutate(session.id)}
            />
          ))}
        </ul>
      </SettingsListStatus>
      {others.length > 0 ? (
        <div className={wellness.formActions}>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={endOthers.isPending}
            onClick={() => endOthers.mutate()}
          >
            {endOthers.isPending ? <Spinner /> : null}
            Sign Out of All Other Devices
          </button>
        </div>
      ) : null}
    </section>
  );
}

function DeviceRow({
  session,
  ending,
  onEnd,
}: {
  session: DeviceSessionResponse;
  ending: boolean;
  onEnd: () => void;
}) {
  const device = describeDevice(session.user_agent);
  const activity = session.current ? 'Active now' : `Active ${timeAgo(session.last_seen_at)}`;
  return (
    <li className={styles.row}>
      <span className={styles.glyph} aria-hidden="true">
        <Icon name={device.mobile ? 'smartphone' : 'laptop'} size={18} />
      </span>
      <span className={styles.text}>
        <span className={styles.name}>
          {device.label}
          {session.current ? <span className={styles.badge}>This device</span> : null}
        </span>
        <span className={styles.details}>{activity}</span>
        <span className={styles.details}>
          {[session.ip, `Signed in ${timeAgo(session.started_at)}`].filter(Boolean).join(' · ')}
        </span>
      </span>
      {session.current ? null : (
        <button
          type="button"
          className="btn btn-ghost"
          disabled={ending}
          onClick={onEnd}
          aria-label={`Sign out ${device.label}`}
        >
          {ending ? <Spinner /> : null}
          Sign Out
        </button>
      )}
    </li>
  );
}
