/** Injection tokens of the admin service's parts that are not classes of its own. */
/** Who a member is (NameSource): the member projection, else identity. */
export const NAME_SOURCE = Symbol('NameSource');
/** identity's gRPC address for names the projection lacks (null: the projection only). */
export const IDENTITY_URL = Symbol('IdentityUrl');
