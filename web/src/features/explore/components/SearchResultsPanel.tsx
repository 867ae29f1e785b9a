// Search results with the All / Users / Posts / Stories tabs and their counts (spec 000 §2, §9).
import { useId, useState, type ReactNode } from 'react';
import { EmptyState } from '../../../ui/EmptyState';
import { Skeleton } from '../../../ui/Skeleton';
import { Spinner } from '../../../ui/Spinner';
import { TabPanel, Tabs } from '../../../ui/Tabs';
import { allTabPreview, SEARCH_TAB_LABELS, type SearchCategory, type SearchTab } from '../explore';
import { useSearch } from '../hooks/useSearch';
import type { SearchResults } from '../types';
import { PostResult, TagChips, UserResult } from './ResultItems';
import styles from './Explore.module.css';

const TABS: readonly SearchTab[] = ['all', 'users', 'posts', 'stories'];

export function SearchResultsPanel({
  input,
  category,
  onTag,
}: {
  input: string;
  category: SearchCategory;
  onTag: (tag: string) => void;
}) {
  const [tab, setTab] = useState<SearchTab>('all');
  const search = useSearch(input, tab, category);
  const idBase = useId();

  if (search.text === null) {
    return (
      <EmptyState icon="compass" title="Explore the community">
        Search members, posts, stories and #tags, or start from what's trending.
      </EmptyState>
    );
  }

  const items = TABS.map((id) => ({ id, label: SEARCH_TAB_LABELS[id], count: search.counts[id] }));
  return (
    <section
      className={styles.results}
      aria-label="Search results"
      aria-busy={search.isLoading || search.isUpdating}
    >
      <div className={styles.resultsHead}>
        <Tabs items={items} value={tab} onChange={setTab} label="Result types" idBase={idBase} size="sm" />
        {search.isUpdating ? <Spinner label="Updating results" /> : null}
      </div>
      <TabPanel idBase={idBase} value={tab} className={styles.resultsPanel}>
        {search.isLoading ? (
          <ResultsSkeleton />
        ) : (
          <ResultsBody tab={tab} results={search.results} text={search.text} onTag={onTag} />
        )}
      </TabPanel>
    </section>
  );
}

function ResultsBody({
  tab,
  results,
  text,
  onTag,
}: {
  tab: SearchTab;
  results: SearchResults;
  text: string;
  onTag: (tag: string) => void;
}) {
  const shown = tab === 'all' ? allTabPreview(results) : results;
  const users = tab === 'all' || tab === 'users' ? shown.users : [];
  const posts = tab === 'all' || tab === 'posts' ? shown.posts : [];
  const stories = tab === 'all' || tab === 'stories' ? shown.stories : [];
  const tags = tab === 'all' ? shown.tags : [];

  if (users.length + posts.length + stories.length + tags.length === 0) {
    return (
      <EmptyState icon="search" title={`No results for “${text}”`}>
        Try another word, a #tag or a different category.
      </EmptyState>
    );
  }
  return (
    <div className={styles.groups}>
      {users.length > 0 ? (
        <ResultGroup title="Users" show={tab === 'all'}>
          <ul className={styles.userList}>
            {users.map((user) => (
              <li key={user.id}>
                <UserResult user={user} />
              </li>
            ))}
          </ul>
        </ResultGroup>
      ) : null}
      {posts.length > 0 ? (
        <ResultGroup title="Posts" show={tab === 'all'}>
          <ul className={styles.postList}>
            {posts.map((post) => (
              <li key={post.id}>
                <PostResult post={post} />
              </li>
            ))}
          </ul>
        </ResultGroup>
      ) : null}
      {stories.length > 0 ? (
        <ResultGroup title="Stories" show={tab === 'all'}>
          <ul className={styles.postList}>
            {stories.map((story) => (
              <li key={story.id}>
                <PostResult post={story} />
              </li>
            ))}
          </ul>
        </ResultGroup>
      ) : null}
      {tags.length > 0 ? (
        <ResultGroup title="Tags" show>
          <TagChips tags={tags} onTag={onTag} />
        </ResultGroup>
      ) : null}
    </div>
  );
}

function ResultGroup({ title, show, children }: { title: string; show: boolean; children: ReactNode }) {
  return (
    <section className={styles.group} aria-label={title}>
      {show ? <h3 className={styles.groupTitle}>{title}</h3> : null}
      {children}
    </section>
  );
}

function ResultsSkeleton() {
  return (
    <div className={styles.groups} role="status" aria-label="Searching">
      {[0, 1, 2].map((i) => (
        <div key={i} className={styles.skeletonRow}>
          <Skeleton width={40} height={40} round />
          <div className={styles.skeletonLines}>
            <Skeleton width="40%" height={12} />
            <Skeleton width="75%" height={12} />
          </div>
        </div>
      ))}
    </div>
  );
}
