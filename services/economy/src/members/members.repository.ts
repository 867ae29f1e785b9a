import {
  MemberDirectory,
  type MemberDoc as DirectoryDoc,
  type MemberProfile,
  type MemberSource,
  MONGO,
  setUnlessNewer,
} from '@aura/platform';
import { Inject, Injectable, OnModuleInit, Optional } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { DependencyUnavailable } from '../dependency-unavailable';
import { IndexedModel, Collection, collectionOf, indexedModel } from '../indexed-model.schema';
import { MEMBER_SOURCE } from '../tokens';

/** A member as economy needs them: who exists, a username for descriptions, SuperAura's ×1.5. */
export type Member = Pick<MemberProfile, 'id' | 'username' | 'displayName' | 'role' | 'isSuperAura'>;

/** The platform's member document, and economy's own flag of an erased account. */
interface MemberDoc extends DirectoryDoc {
  erased?: boolean;
}

/**
 * One pair's block state as identity last told it (`_id` = "<blocker>:<blocked>"); `active` false after
 * an unblock, kept so that a late, older block event cannot bring it back. Older documents (no
 * `active`) are blocks.
 */
interface BlockDoc {
  _id: string;
  blocker_id: string;
  blocked_id: string;
  active?: boolean;
  changed_at?: Date;
  created_at: Date;
}

const CACHE_TTL_MS = 30_000;
const CACHE_MAX = 20_000;

/**
 * Economy's read model of members (the platform's member directory: identity's user.registered and
 * user.profile_changed, identity asked for a member not seen yet) and of blocks (user.blocked /
 * user.unblocked): who exists, their username for descriptions, whether SuperAura's ×1.5 applies, and
 * who may not send to whom. A short in-process cache keeps the per-tip lookups off MongoDB.
 */
@Injectable()
export class MembersRepository implements OnModuleInit {
  readonly directory: MemberDirectory<MemberDoc>;
  private readonly members: Collection<MemberDoc>;
  private readonly blocks: Collection<BlockDoc>;
  private readonly memberModel: IndexedModel;
  private readonly blockModel: IndexedModel;
  private readonly cache = new Map<string, { member: Member; at: number }>();

  constructor(
    @Inject(MONGO) connection: Connection,
    @Optional() @Inject(MEMBER_SOURCE) identity?: MemberSource,
  ) {
    this.memberModel = indexedModel(connection, 'EconomyMember', 'members');
    this.blockModel = indexedModel(connection, 'EconomyBlock', 'blocks');
    this.members = collectionOf(this.memberModel);
    this.blocks = collectionOf(this.blockModel);
    this.directory = new MemberDirectory(this.members, {
      // identity out of reach is a 503 ("try again"), never "no such member".
      source: identity && {
        find: (userId) =>
          identity.find(userId).catch(() => {
            throw new DependencyUnavailable();
          }),
      },
    });
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.memberModel.init(), this.blockModel.init()]);
  }

  /** The member, from the cache, the directory, or identity (then remembered); null if none. */
  async find(userId: string, { askIdentity = true } = {}): Promise<Member | null> {
    if (!userId) return null;
    const cached = this.cache.get(userId);
    if (cached && Date.now() - cached.at < CACHE_TTL_MS) return cached.member;
    const found = await this.directory.find(userId, { askIdentity });
    const member = found && toMember(found);
    if (member) this.remember(member);
    return member;
  }

  /** How many members the projection knows (the coin market's users). */
  count(): Promise<number> {
    return this.members.countDocuments();
  }

  /** Forgets the cached copy of a member one of identity's events changed. */
  changed(userId: string): void {
    this.cache.delete(userId);
  }

  /** user.deleted: the member's account was erased (their name and words leave others' histories). */
  async markErased(userId: string): Promise<void> {
    await this.members.updateOne(
      { _id: userId },
      { $set: { erased: true, updated_at: new Date() } },
      { upsert: true },
    );
    this.cache.delete(userId);
  }

  /** Which of these members' accounts were erased. */
  async erasedAmong(userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const docs = await this.members
      .find({ _id: { $in: [...new Set(userIds)] }, erased: true }, { projection: { _id: 1 } })
      .toArray();
    return new Set(docs.map((doc) => String(doc._id)));
  }

  /** A block or an unblock identity made at `at`, unless a later change of the pair is recorded. */
  async changeBlock(blockerId: string, blockedId: string, active: boolean, at: Date): Promise<void> {
    const state = { blocker_id: blockerId, blocked_id: blockedId, active, created_at: at };
    await setUnlessNewer(this.blocks, `${blockerId}:${blockedId}`, state, at);
  }

  /** Whether either of the two blocks the other (one read of both pairs). */
  async blockedEitherWay(a: string, b: string): Promise<boolean> {
    const block = await this.blocks.findOne(
      { _id: { $in: [`${a}:${b}`, `${b}:${a}`] }, active: { $ne: false } },
      { projection: { _id: 1 } },
    );
    return block !== null;
  }

  private remember(member: Member) {
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(member.id, { member, at: Date.now() });
  }
}

function toMember(member: MemberProfile): Member {
  return {
    id: member.id,
    username: member.username,
    displayName: member.displayName,
    role: member.role,
    isSuperAura: member.isSuperAura,
  };
}
