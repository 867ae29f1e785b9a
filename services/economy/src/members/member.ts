export interface Member {
  id: string;
  username: string;
  displayName: string;
  role: string;
  isSuperAura: boolean;
}

/**
 * Where a member the projection does not know yet is looked up (identity's GetUser): the projection
 * follows identity's events a moment behind, and a tip to someone who signed up a second ago must
 * not fail. Null when identity says there is no such member.
 */
export interface MemberDirectory {
  lookup(userId: string): Promise<Member | null>;
}

export const MEMBER_DIRECTORY = Symbol('MemberDirectory');
