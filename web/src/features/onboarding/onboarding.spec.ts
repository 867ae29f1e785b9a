import {
  FOLLOW_GOAL,
  greetingFor,
  isNewMember,
  offersChecklist,
  setupSteps,
  suggestionsFrom,
} from './onboarding';

const now = Date.parse('2026-12-01T12:00:00Z');

describe('first run', () => {
  it('greets a member who signed up today with "Welcome", later with "Welcome back"', () => {
    expect(greetingFor('2026-12-01T11:59:00Z', now)).toBe('Welcome');
    expect(greetingFor('2026-11-29T12:00:00Z', now)).toBe('Welcome back');
    expect(isNewMember(undefined, now)).toBe(false);
    expect(isNewMember('not a date', now)).toBe(false);
  });

  it('offers the checklist during the first two weeks only', () => {
    expect(offersChecklist('2026-11-20T12:00:00Z', now)).toBe(true);
    expect(offersChecklist('2026-11-10T12:00:00Z', now)).toBe(false);
    expect(offersChecklist(undefined, now)).toBe(false);
  });

  it('lists picture, bio, first check-in and following three people, each done from the facts', () => {
    const fresh = setupSteps({ profilePicture: '', bio: ' ', checkins: 0, following: 1 });
    expect(fresh.map((step) => [step.id, step.done])).toEqual([
      ['picture', false],
      ['bio', false],
      ['checkin', false],
      ['follow', false],
    ]);
    expect(fresh[3]!.label).toBe(`Follow ${FOLLOW_GOAL} people`);
    expect(fresh[3]!.hint).toBe('1 of 3 followed.');
    const done = setupSteps({ profilePicture: '/media/a.png', bio: 'Hi', checkins: 1, following: 5 });
    expect(done.every((step) => step.done)).toBe(true);
    expect(done[3]!.hint).toBe('3 of 3 followed.');
  });

  it('suggests each member once, in ranking order, never oneself or someone followed', () => {
    const m = (id: string) => ({ id, username: id });
    const rising = [m('me'), m('a'), m('b')];
    const tipped = [m('b'), m('c'), m('d'), m('e')];
    expect(suggestionsFrom([rising, tipped], 'me', new Set(['c'])).map((x) => x.id)).toEqual([
      'a',
      'b',
      'd',
      'e',
    ]);
    expect(suggestionsFrom([rising, tipped], 'me', new Set(), 2).map((x) => x.id)).toEqual(['a', 'b']);
  });
});
