/** Injection tokens of the admin service's parts that are not classes of its own. */
/** Who a member is (NameSource): the member directory, else identity. */
export const NAME_SOURCE = Symbol('NameSource');
/** identity, asked for a member the directory does not hold yet (null: the directory only). */
export const MEMBER_SOURCE = Symbol('MemberSource');
