import { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { makePost } from '../fixtures';
import { removeHiddenPost } from './usePostCache';

const feedOf = (...ids: string[]) => ({
  pages: [{ items: ids.map((id) => makePost({ id, content: `post ${id}` })), nextCursor: null }],
  pageParams: [null],
});
const idsIn = (data: unknown) =>
  (data as ReturnType<typeof feedOf>).pages.flatMap((page) => page.items.map((post) => post.id));

/** A feed query whose answer is held until `answer` is called: a read in flight. */
function feedReadInFlight(queryClient: QueryClient, key: readonly unknown[]) {
  let answer!: (data: ReturnType<typeof feedOf>) => void;
  const done = queryClient.fetchQuery({
    queryKey: key,
    queryFn: () => new Promise<ReturnType<typeof feedOf>>((resolve) => (answer = resolve)),
  });
  return { answer: (data: ReturnType<typeof feedOf>) => (answer(data), done) };
}

describe('removeHiddenPost', () => {
  const key = queryKeys.feed('following');

  it('keeps a hidden post out of a feed answer that was on its way when it was hidden', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(key, feedOf('a', 'b'));
    const read = feedReadInFlight(queryClient, key);
    removeHiddenPost(queryClient, 'a');
    expect(idsIn(queryClient.getQueryData(key))).toEqual(['b']);
    // The server had not seen the hide yet: its answer still holds the post.
    await read.answer(feedOf('a', 'b', 'c'));
    expect(idsIn(queryClient.getQueryData(key))).toEqual(['b', 'c']);
  });

  it('undo puts the lists back and lets later answers hold the post again', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(key, feedOf('a', 'b'));
    const restore = removeHiddenPost(queryClient, 'a');
    restore();
    expect(idsIn(queryClient.getQueryData(key))).toEqual(['a', 'b']);
    await feedReadInFlight(queryClient, key).answer(feedOf('a', 'b', 'c'));
    expect(idsIn(queryClient.getQueryData(key))).toEqual(['a', 'b', 'c']);
  });

  it('leaves lists a hidden post does not leave alone (a member page still shows it)', async () => {
    const queryClient = new QueryClient();
    removeHiddenPost(queryClient, 'a');
    const memberKey = [...queryKeys.members, 'm1', 'posts'];
    await feedReadInFlight(queryClient, memberKey).answer(feedOf('a'));
    expect(idsIn(queryClient.getQueryData(memberKey))).toEqual(['a']);
  });
});
