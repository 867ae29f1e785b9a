import { Caller, NotFound, RuleViolation, SingleFlight, Unauthenticated } from '@aura/platform';
import type { messaging } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { BlocksRepository } from '../blocks/blocks.repository';
import { conversationId, isMemberId, membersOf, otherMember } from '../common/ids';
import { MembersRepository } from '../members/members.repository';
import { Participant, participantMessage } from '../members/participant';
import { toMessageProto } from '../messages/message';
import { ConversationCache, ConversationState } from './conversation-cache';
import { ConversationsRepository } from './conversations.repository';

export const ConversationMessages = {
  signInRequired: 'Authentication required',
  userNotFound: 'User not found',
  conversationNotFound: 'Conversation not found',
  notYourself: 'You cannot message yourself',
} as const;

export function callerId(caller: Caller | undefined): string {
  if (!caller) throw new Unauthenticated(ConversationMessages.signInRequired);
  return caller.userId;
}

const unknownMember = (id: string): Participant => ({
  id,
  username: '',
  displayName: '',
  profilePicture: '',
  auraScore: 0,
  isSuperAura: false,
});

/** Conversations: one per pair of members, listed per member from Redis, rebuilt from MongoDB. */
@Injectable()
export class ConversationsService {
  /** Loads from MongoDB under way in this process; concurrent requests share them (several queries each). */
  private readonly stateLoads = new SingleFlight<ConversationState | undefined>();
  private readonly memberLoads = new SingleFlight<void>();

  constructor(
    @Inject(ConversationsRepository) private readonly store: ConversationsRepository,
    @Inject(ConversationCache) private readonly cache: ConversationCache,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(BlocksRepository) private readonly blocks: BlocksRepository,
  ) {}

  /** The conversation's cached state, loading it from MongoDB first when needed. */
  async loadedState(id: string): Promise<ConversationState | undefined> {
    const cached = await this.cache.state(id);
    if (cached) return cached;
    return this.stateLoads.run(id, () => this.loadFromStore(id));
  }

  private async loadFromStore(id: string): Promise<ConversationState | undefined> {
    const snapshot = await this.store.snapshot(id, this.cache.window);
    if (!snapshot) return undefined;
    await this.cache.load(snapshot);
    return this.cache.state(id);
  }

  /** Makes sure the member's list of conversations is in Redis. */
  async ensureMemberLoaded(userId: string): Promise<void> {
    if (await this.cache.memberLoaded(userId)) return;
    await this.memberLoads.run(userId, () => this.loadMember(userId));
  }

  private async loadMember(userId: string): Promise<void> {
    const docs = await this.store.conversationIdsOf(userId);
    const entries: { id: string; ms: number }[] = [];
    for (const doc of docs) {
      const state = await this.loadedState(doc._id);
      if (!state || !this.visibleTo(state, userId)) continue;
      entries.push({ id: doc._id, ms: (state.last?.createdAt ?? state.createdAt).getTime() });
    }
    await this.cache.loadMember(userId, entries);
  }

  /** Before its first message a conversation is only in the list of the member who opened it. */
  private visibleTo(state: ConversationState, userId: string): boolean {
    return state.total > 0 || state.createdBy === userId;
  }

  /** Checks the other member and answers the conversation with them, creating it once. */
  async open(caller: Caller | undefined, otherId: string): Promise<messaging.Conversation> {
    const state = await this.openState(callerId(caller), otherId);
    return this.view(state, callerId(caller));
  }

  async openState(userId: string, otherId: string): Promise<ConversationState> {
    if (!isMemberId(otherId)) throw new NotFound(ConversationMessages.userNotFound);
    if (otherId === userId) throw new RuleViolation(ConversationMessages.notYourself);
    const other = await this.members.get(otherId);
    if (!other) throw new NotFound(ConversationMessages.userNotFound);
    const id = conversationId(userId, otherId);
    let state = await this.loadedState(id);
    if (!state) {
      await this.store.createConversation(id, membersOf(id)!, userId);
      // A shared load that began before the insert may answer "none": then load on our own.
      state = (await this.loadedState(id)) ?? (await this.loadFromStore(id));
      if (!state) throw new Error(`conversation ${id} vanished after insert`);
    }
    await this.ensureMemberLoaded(userId);
    await this.cache.touchMember(userId, id, (state.last?.createdAt ?? state.createdAt).getTime());
    return state;
  }

  /** A conversation of the caller; NOT_FOUND for anyone else (and for one that does not exist). */
  async get(caller: Caller | undefined, id: string): Promise<messaging.Conversation> {
    const userId = callerId(caller);
    return this.view(await this.memberState(userId, id), userId);
  }

  async memberState(userId: string, id: string): Promise<ConversationState> {
    if (!otherMember(id, userId)) throw new NotFound(ConversationMessages.conversationNotFound);
    const state = await this.loadedState(id);
    if (!state) throw new NotFound(ConversationMessages.conversationNotFound);
    return state;
  }

  async list(caller: Caller | undefined, limit = 200): Promise<messaging.Conversation[]> {
    const userId = callerId(caller);
    await this.ensureMemberLoaded(userId);
    const ids = await this.cache.memberConversations(userId, limit);
    const states = await this.cache.states(ids);
    const ordered: ConversationState[] = [];
    for (const id of ids) {
      const state = states.get(id) ?? (await this.loadedState(id));
      if (state) ordered.push(state);
    }
    return this.views(ordered, userId);
  }

  /** Members who share a conversation with the member (presence), without blocked ones. */
  async partners(userId: string): Promise<string[]> {
    if (!isMemberId(userId)) return [];
    await this.ensureMemberLoaded(userId);
    const ids = await this.cache.memberConversations(userId, 5000);
    const others = ids.map((id) => otherMember(id, userId)).filter((id): id is string => Boolean(id));
    const blocked = await this.blocks.eitherWayMany(userId, others);
    return others.filter((id) => !blocked.has(id));
  }

  /** One conversation as each of several members sees it (two Redis round trips in all). */
  async perspectives(
    state: ConversationState,
    viewerIds: string[],
  ): Promise<Map<string, messaging.Conversation>> {
    const members = membersOf(state.id) ?? [];
    const [people, blocked] = await Promise.all([
      this.members.getMany(members),
      members.length === 2 ? this.blocks.eitherWay(members[0], members[1]) : Promise.resolve(false),
    ]);
    const views = new Map<string, messaging.Conversation>();
    for (const viewerId of viewerIds) {
      const otherId = otherMember(state.id, viewerId);
      if (!otherId) continue;
      views.set(
        viewerId,
        this.toView(state, viewerId, people.get(otherId) ?? unknownMember(otherId), blocked),
      );
    }
    return views;
  }

  view(state: ConversationState, viewerId: string): Promise<messaging.Conversation> {
    return this.views([state], viewerId).then((views) => views[0]);
  }

  async views(states: ConversationState[], viewerId: string): Promise<messaging.Conversation[]> {
    const others = states.map((state) => otherMember(state.id, viewerId) ?? '');
    const [people, blocked] = await Promise.all([
      this.members.getMany(others),
      this.blocks.eitherWayMany(viewerId, others),
    ]);
    return states.map((state, index) => {
      const otherId = others[index];
      return this.toView(
        state,
        viewerId,
        people.get(otherId) ?? unknownMember(otherId),
        blocked.has(otherId),
      );
    });
  }

  private toView(
    state: ConversationState,
    viewerId: string,
    other: Participant,
    isBlocked: boolean,
  ): messaging.Conversation {
    const last = state.last;
    return {
      id: state.id,
      memberIds: membersOf(state.id) ?? [],
      otherParticipant: participantMessage(other),
      unreadCount: state.unread[viewerId] ?? 0,
      isBlocked,
      lastMessage: last
        ? toMessageProto(last, { isRead: Boolean(state.lastReadAt), readAt: state.lastReadAt })
        : undefined,
      lastMessageTime: last ? last.createdAt.toISOString() : '',
      createdAt: state.createdAt.toISOString(),
      updatedAt: state.updatedAt.toISOString(),
    };
  }
}
