import { makeAuthor, makePost } from '../posts/fixtures';
import { segmentsOf } from './story-segments';

const luna = makeAuthor({ id: 'luna' });
const sol = makeAuthor({ id: 'sol' });
const story = (id: string, user = luna) => makePost({ id, user, is_story: true });

describe('segmentsOf', () => {
  const strip = [story('a'), story('b', sol), story('c'), story('d')];

  it("has one segment per story of the open story's author: before it seen, after it next", () => {
    expect(segmentsOf(strip, 2)).toEqual([
      { id: 'a', state: 'seen' },
      { id: 'c', state: 'open' },
      { id: 'd', state: 'next' },
    ]);
  });

  it('has a single segment for an author with one story, none past the end', () => {
    expect(segmentsOf(strip, 1)).toEqual([{ id: 'b', state: 'open' }]);
    expect(segmentsOf(strip, 9)).toEqual([]);
  });
});
