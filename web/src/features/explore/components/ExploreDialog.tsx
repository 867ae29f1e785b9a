// The Explore dialog (spec 000 §2 "Explore dialog"): a search box with a category filter, result tabs
// All / Users / Posts / Stories with counts, and the Trending Tags, Top Tipped Creators and Top Rising
// Creators cards. Opened from the header with {query} to search at once.
import { useEffect, useId, useRef, useState } from 'react';
import type { DialogContentProps } from '../../../app/dialogs';
import { Icon } from '../../../ui/icons';
import { tagSearchText } from '../../posts';
import { isSearchCategory, SEARCH_CATEGORIES, type SearchCategory } from '../explore';
import { SearchResultsPanel } from './SearchResultsPanel';
import { TopCreatorsCard } from './TopCreatorsCard';
import { TrendingTagsCard } from './TrendingTagsCard';
import styles from './Explore.module.css';

const categoryLabel = (category: SearchCategory) =>
  category === 'all' ? 'All categories' : category.charAt(0).toUpperCase() + category.slice(1);

export function ExploreDialog({ props }: DialogContentProps) {
  const asked = typeof props?.query === 'string' ? props.query : '';
  const [input, setInput] = useState(asked);
  // Opened again with another {query} (a #tag clicked in a result): search that instead.
  const [lastAsked, setLastAsked] = useState(asked);
  if (asked !== lastAsked) {
    setLastAsked(asked);
    setInput(asked);
  }
  const [category, setCategory] = useState<SearchCategory>('all');
  const searchId = useId();
  const categoryId = useId();
  const searchInput = useRef<HTMLInputElement>(null);
  const searchTag = (tag: string) => setInput(tagSearchText(tag));

  // The search box takes the focus once the dialog has placed its own (the dialog focuses its panel).
  useEffect(() => {
    const frame = requestAnimationFrame(() => searchInput.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  return (
    <div className={styles.explore}>
      <form className={styles.searchBar} role="search" onSubmit={(event) => event.preventDefault()}>
        <div className={styles.searchField}>
          <Icon name="search" size={18} className={styles.searchIcon} />
          <label htmlFor={searchId} className="sr-only">
            Search users, posts, stories and tags
          </label>
          <input
            ref={searchInput}
            id={searchId}
            type="search"
            className={styles.searchInput}
            placeholder="Search users, posts, stories and #tags"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            autoComplete="off"
          />
        </div>
        <label htmlFor={categoryId} className="sr-only">
          Category
        </label>
        <select
          id={categoryId}
          className={styles.category}
          value={category}
          onChange={(event) => isSearchCategory(event.target.value) && setCategory(event.target.value)}
        >
          {SEARCH_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {categoryLabel(value)}
            </option>
          ))}
        </select>
      </form>

      <div className={styles.layout}>
        <div className={styles.main}>
          <SearchResultsPanel input={input} category={category} onTag={searchTag} />
        </div>
        <aside className={styles.side} aria-label="Discover">
          <TrendingTagsCard onTag={searchTag} />
          <TopCreatorsCard kind="tipped" />
          <TopCreatorsCard kind="rising" />
        </aside>
      </div>
    </div>
  );
}
