// First run (issue 22): the greeting of a new member, the setup checklist and who to suggest.
// Pure module: unit-tested under node.

/** A member whose account is younger than this is greeted "Welcome", not "Welcome back". */
export const NEW_MEMBER_MS = 24 * 60 * 60 * 1000;
/** The checklist's last step: follow this many people. */
export const FOLLOW_GOAL = 3;
/** Suggested members shown at once. */
export const SUGGESTIONS_SHOWN = 5;

export function isNewMember(createdAt: string | undefined, now: number = Date.now()): boolean {
  const created = createdAt ? Date.parse(createdAt) : Number.NaN;
  return Number.isFinite(created) && now - created < NEW_MEMBER_MS;
}

/** The setup checklist is offered during a member's first two weeks (then it would only nag). */
export const CHECKLIST_DAYS = 14;

export function offersChecklist(createdAt: string | undefined, now: number = Date.now()): boolean {
  const created = createdAt ? Date.parse(createdAt) : Number.NaN;
  return Number.isFinite(created) && now - created < CHECKLIST_DAYS * 24 * 60 * 60 * 1000;
}

export const greetingFor = (createdAt: string | undefined, now: number = Date.now()) =>
  isNewMember(createdAt, now) ? 'Welcome' : 'Welcome back';

export type SetupStepId = 'picture' | 'bio' | 'checkin' | 'follow';

export interface SetupStep {
  id: SetupStepId;
  label: string;
  hint: string;
  action: string;
  done: boolean;
}

export interface SetupFacts {
  profilePicture: string;
  bio: string;
  checkins: number;
  following: number;
}

export function setupSteps(facts: SetupFacts): SetupStep[] {
  const following = Math.min(facts.following, FOLLOW_GOAL);
  return [
    {
      id: 'picture',
      label: 'Add a profile picture',
      hint: 'Help people recognise you.',
      action: 'Add picture',
      done: facts.profilePicture.trim() !== '',
    },
    {
      id: 'bio',
      label: 'Write a short bio',
      hint: 'Up to 160 characters about you.',
      action: 'Write bio',
      done: facts.bio.trim() !== '',
    },
    {
      id: 'checkin',
      label: 'Do your first check-in',
      hint: 'Share your mood: +2 Aura and +0.001 AC.',
      action: 'Check in',
      done: facts.checkins > 0,
    },
    {
      id: 'follow',
      label: `Follow ${FOLLOW_GOAL} people`,
      hint: `${following} of ${FOLLOW_GOAL} followed.`,
      action: 'Find people',
      done: facts.following >= FOLLOW_GOAL,
    },
  ];
}

export interface Candidate {
  id: string;
  username: string;
}

/**
 * Who to suggest, from explore's rankings in order (rising first, then most tipped): each member
 * once, never oneself, nor anyone known to be followed already.
 */
export function suggestionsFrom<T extends Candidate>(
  lists: readonly (readonly T[])[],
  selfId: string,
  followed: ReadonlySet<string>,
  limit: number = SUGGESTIONS_SHOWN,
): T[] {
  const seen = new Set<string>([selfId]);
  const out: T[] = [];
  for (const list of lists)
    for (const member of list) {
      if (seen.has(member.id) || followed.has(member.id)) continue;
      seen.add(member.id);
      out.push(member);
      if (out.length === limit) return out;
    }
  return out;
}

/** Where a member's "I've done this, hide the checklist" is kept (per member, this browser). */
export const setupDismissedKey = (userId: string) => `aura.setup-dismissed.${userId}`;
