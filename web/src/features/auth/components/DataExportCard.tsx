// Settings → Privacy → Your data (issue 21 §5, docs/data-export.md): the member asks for a copy of
// their data; media builds the ZIP in the background while the card shows its progress (polling the
// list every 1.5 s, only while one is being prepared), then its size, until when it is kept and Download
// ZIP, fetched through the API client (it needs the bearer token) and saved from a temporary object URL.
// Refusals (one already being prepared, 3 a day) are the server's words. Earlier exports are listed
// compactly under it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { Icon } from '../../../ui/icons';
import { ProgressBar } from '../../../ui/ProgressBar';
import { saveFile } from '../../../ui/save-file';
import { SettingsListStatus } from '../../../ui/SettingsListStatus';
import { Spinner } from '../../../ui/Spinner';
import wellness from '../../../ui/Wellness.module.css';
import { accountApi } from '../api';
import {
  dataExportFailure,
  DataExportMessages,
  earlierStatus,
  isInProgress,
  pollInterval,
  progressText,
  readyDetails,
  shortDateTime,
  stepText,
  type DataExport,
} from '../data-export';
import { FormProblem } from '../../../ui/SettingsFormParts';
import styles from './DataExportCard.module.css';

/** What a screen reader hears as the newest export moves on (the percentage is the progress bar's). */
function announcement(newest: DataExport | undefined): string {
  if (!newest) return '';
  if (isInProgress(newest)) return `Preparing your data: ${stepText(newest)}`;
  if (newest.status === 'ready') return `${DataExportMessages.ready}. ${readyDetails(newest)}`;
  if (newest.status === 'failed') return DataExportMessages.failed;
  return '';
}

export function DataExportCard() {
  const titleId = useId();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const exports = useQuery({
    queryKey: queryKeys.dataExports,
    queryFn: ({ signal }) => accountApi.dataExports(signal),
    // Only while one is queued or being built; the query stops asking when the card is gone.
    refetchInterval: (query) => pollInterval(query.state.data),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.dataExports });
  const request = useMutation({
    mutationFn: () => accountApi.requestDataExport(),
    onMutate: () => setProblem(undefined),
    // Shown at once (queued); the polling reads on from there.
    onSuccess: (created) =>
      queryClient.setQueryData<DataExport[]>(queryKeys.dataExports, (list = []) =>
        [created, ...list.filter((item) => item.id !== created.id)].slice(0, 5),
      ),
    onError: (error) => {
      setProblem(dataExportFailure(error, DataExportMessages.requestFailed));
      // A 409 means one is being prepared already: the list shows it (and its progress).
      void refresh();
    },
  });
  const download = useMutation({
    mutationFn: (id: string) => accountApi.downloadDataExport(id),
    onMutate: () => setProblem(undefined),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
    onError: (error) => {
      setProblem(dataExportFailure(error, DataExportMessages.downloadFailed));
      // It may have expired meanwhile.
      void refresh();
    },
  });

  const list = exports.data ?? [];
  const [newest, ...earlier] = list;
  const preparing = isInProgress(newest);
  // A refusal seen while one was prepared ("already being prepared") is over once it is done.
  const [wasPreparing, setWasPreparing] = useState(preparing);
  if (wasPreparing !== preparing) {
    setWasPreparing(preparing);
    if (!preparing) setProblem(undefined);
  }
  const downloading = (id: string) => download.isPending && download.variables === id;

  return (
    <section className={`card ${wellness.block}`} aria-labelledby={titleId}>
      <h4 id={titleId} className={wellness.cardTitle}>
        {DataExportMessages.title}
      </h4>
      <p className={wellness.hint}>{DataExportMessages.intro}</p>
      <p className="sr-only" aria-live="polite">
        {announcement(newest)}
      </p>
      <SettingsListStatus query={exports} failed={DataExportMessages.loadFailed} isEmpty={false}>
        {newest ? <NewestExport item={newest} /> : null}
      </SettingsListStatus>
      <FormProblem text={problem} />
      {exports.isSuccess && !preparing ? (
        <div
          className={`${wellness.formActions} ${styles.actions}`}
          data-pair={newest?.status === 'ready' ? '' : undefined}
        >
          <button
            type="button"
            className={newest?.status === 'ready' ? 'btn btn-ghost' : 'btn btn-primary'}
            disabled={request.isPending}
            onClick={() => request.mutate()}
          >
            {request.isPending ? <Spinner /> : null}
            Export my data
          </button>
          {newest?.status === 'ready' ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={download.isPending}
              aria-busy={downloading(newest.id)}
              onClick={() => download.mutate(newest.id)}
            >
              {downloading(newest.id) ? <Spinner /> : <Icon name="download" size={16} />}
              Download ZIP
            </button>
          ) : null}
        </div>
      ) : null}
      {earlier.length > 0 ? (
        <EarlierExports
          items={earlier}
          busy={download.isPending}
          downloading={downloading}
          onDownload={(id) => download.mutate(id)}
        />
      ) : null}
    </section>
  );
}

function NewestExport({ item }: { item: DataExport }) {
  if (isInProgress(item))
    return (
      <div className={styles.progress}>
        <div className={styles.progressTop}>
          <span className={styles.progressText}>{progressText(item)}</span>
          <span className={styles.step}>{stepText(item)}</span>
        </div>
        <ProgressBar value={item.progress} label="Data export progress" />
        <p className={wellness.hint}>{DataExportMessages.notify}</p>
      </div>
    );
  if (item.status === 'ready')
    return (
      <div className={styles.ready}>
        <span className={styles.readyMark} aria-hidden="true">
          <Icon name="check" size={18} />
        </span>
        <span className={styles.readyText}>
          <span className={styles.readyTitle}>{DataExportMessages.ready}</span>
          <span className={styles.readyDetails}>{readyDetails(item)}</span>
        </span>
      </div>
    );
  if (item.status === 'failed') return <p className={wellness.error}>{DataExportMessages.failed}</p>;
  return <p className={wellness.hint}>{DataExportMessages.expired}</p>;
}

function EarlierExports({
  items,
  busy,
  downloading,
  onDownload,
}: {
  items: readonly DataExport[];
  busy: boolean;
  downloading: (id: string) => boolean;
  onDownload: (id: string) => void;
}) {
  const headingId = useId();
  return (
    <div className={styles.earlier}>
      <h5 id={headingId} className={styles.earlierTitle}>
        Earlier exports
      </h5>
      <ul className={styles.earlierList} aria-labelledby={headingId}>
        {items.map((item) => {
          const when = shortDateTime(item.requested_at);
          return (
            <li key={item.id} className={styles.earlierRow}>
              <span className={styles.earlierWhat}>
                <time dateTime={item.requested_at} className={styles.earlierDate}>
                  {when}
                </time>
                <span className={styles.status} data-status={item.status}>
                  {earlierStatus(item)}
                </span>
              </span>
              {item.status === 'ready' ? (
                <button
                  type="button"
                  className={`link-btn ${styles.earlierDownload}`}
                  disabled={busy}
                  aria-label={`Download the export of ${when}`}
                  onClick={() => onDownload(item.id)}
                >
                  {downloading(item.id) ? <Spinner /> : <Icon name="download" size={16} />}
                  Download
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
