// Messaging's documents of the community: its members projection, conversations, messages and
// their read state, and the notifications that the likes, follows, tips and transfers caused
// (drafted by messaging's own NOTIFICATION_RULES from the events, with ids derived from the cause).
// Schemas: services/messaging/src/members/member.schema.ts, conversations/conversation.schema.ts,
// messages/message.schema.ts, notifications/notification.schema.ts.
// Redis holds only copies rebuilt from MongoDB on a read (conversations, member lists, notification
// windows), under a prefix with the database's epoch: a reloaded database gets a new one.
import { insertAll, schemaDefaults, serviceModules } from './bulk.mjs';
import { transferIds } from './economy.mjs';
import { DAY_MS, uuidOf } from './plan.mjs';

export const service = 'messaging';
/** The build modules whose schemas and rules this loader uses (a change of one reloads the data). */
export const sources = {
  members: 'members/member.schema.js',
  conversations: 'conversations/conversation.schema.js',
  messages: 'messages/message.schema.js',
  notifications: 'notifications/notification.schema.js',
  rules: 'notifications/notification-rules.js',
  ids: 'common/ids.js',
};

/** Notifications older than this were read by their member (newer ones are unread). */
const READ_AFTER_MS = 2 * DAY_MS;

export async function load(community, { connection }) {
  const dist = serviceModules(service, sources);
  const { ids } = dist;
  const { draftsFor } = dist.rules;
  const members = connection.model('Member', dist.members.memberSchema);
  const conversations = connection.model('Conversation', dist.conversations.conversationSchema);
  const messages = connection.model('Message', dist.messages.messageSchema);
  const reads = connection.model('MessageRead', dist.messages.messageReadSchema);
  const notifications = connection.model('Notification', dist.notifications.notificationSchema);
  const participants = community.members.map((member) => participant(community, member));
  const options = (model) => ({ owner: service, model });
  const counts = {
    members: await insertAll(members, memberDocs(community, schemaDefaults(members)), options(members)),
    conversations: await insertAll(conversations, conversationDocs(community, ids), options(conversations)),
    messages: await insertAll(
      messages,
      messageDocs(community, ids, participants, schemaDefaults(messages)),
      options(messages),
    ),
    message_reads: await insertAll(reads, readDocs(community, ids), options(reads)),
    notifications: await insertAll(
      notifications,
      notificationDocs(community, { draftsFor, derivedId: ids.derivedId, participants }),
      options(notifications),
    ),
  };
  return counts;
}

/** A member as messaging snapshots them (message senders, notification actors). */
function participant({ aura }, member) {
  return {
    id: member.id,
    username: member.username,
    display_name: member.displayName,
    profile_picture: '',
    aura_score: aura.score[member.index],
    is_super_aura: false,
  };
}

function* memberDocs({ members, aura }, defaults) {
  for (const member of members) {
    yield {
      ...defaults,
      _id: member.id,
      username: member.username,
      display_name: member.displayName,
      aura_score: aura.score[member.index],
      updated_at: new Date(Math.max(member.profileEditedAt, aura.changedAt[member.index])),
    };
  }
}

const conversationOf = ({ members }, conversation, ids) =>
  ids.conversationId(members[conversation.a].id, members[conversation.b].id);
const messageId = (community, c, m) => uuidOf(`message:${community.profile}:${c}:${m}`);

function* conversationDocs(community, ids) {
  for (const conversation of community.conversations) {
    const id = conversationOf(community, conversation, ids);
    const first = conversation.messages[0];
    yield {
      _id: id,
      member_ids: ids.membersOf(id),
      created_by: community.members[first.from].id,
      created_at: new Date(first.at - 60_000),
    };
  }
}

function* messageDocs(community, ids, participants, defaults) {
  const { members, conversations } = community;
  for (let c = 0; c < conversations.length; c += 1) {
    const conversation = conversations[c];
    const conversationId = conversationOf(community, conversation, ids);
    for (let m = 0; m < conversation.messages.length; m += 1) {
      const message = conversation.messages[m];
      const recipient = message.from === conversation.a ? conversation.b : conversation.a;
      const { id: _id, ...sender } = participants[message.from];
      yield {
        ...defaults,
        _id: messageId(community, c, m),
        conversation_id: conversationId,
        sender_id: members[message.from].id,
        recipient_id: members[recipient].id,
        content: message.text,
        message_type: 'text',
        sender,
        created_at: new Date(message.at),
      };
    }
  }
}

/** Every message was read by its recipient a few minutes after it came, but a conversation's unread tail. */
function* readDocs(community, ids) {
  const { members, conversations, now } = community;
  for (let c = 0; c < conversations.length; c += 1) {
    const conversation = conversations[c];
    const conversationId = conversationOf(community, conversation, ids);
    const readCount = conversation.messages.length - conversation.unreadTail;
    for (let m = 0; m < readCount; m += 1) {
      const message = conversation.messages[m];
      const recipient = message.from === conversation.a ? conversation.b : conversation.a;
      yield {
        _id: messageId(community, c, m),
        conversation_id: conversationId,
        reader_id: members[recipient].id,
        sender_id: members[message.from].id,
        read_at: new Date(Math.min(now - 1000, message.at + 5 * 60_000)),
      };
    }
  }
}

/**
 * The notifications of the community's events, drafted by messaging's rules (NOTIFICATION_RULES) and
 * stored as NotificationsService.create stores them. Tips and transfers pay no reward, so only they
 * carry coins (`coins_micro`).
 */
function* notificationDocs(community, { draftsFor, derivedId, participants }) {
  const { members, posts, likes, follows, transfers, now } = community;
  const byId = new Map(participants.map((p) => [p.id, p]));
  const transfer = transferIds(community);
  const notify = function* (type, payload, at) {
    for (const draft of draftsFor({ type, payload })) {
      const actor = draft.actorId ? byId.get(draft.actorId) : undefined;
      yield {
        _id: derivedId(`notification:${draft.key}`),
        user_id: draft.userId,
        type: draft.type,
        title: draft.title,
        message: draft.message.replace('{actor}', actor ? actor.display_name || actor.username : 'Someone'),
        from_user_id: draft.actorId,
        from_user: actor ?? null,
        coins_micro: draft.coinsMicro ?? null,
        refs: draft.refs,
        source_key: draft.key,
        created_at: new Date(at),
        read_at: now - at > READ_AFTER_MS ? new Date(at + 3600_000) : null,
      };
    }
  };
  for (let k = 0; k < likes.count; k += 1) {
    const p = likes.post[k];
    const at = likes.at[k];
    yield* notify(
      'post.liked',
      {
        postId: posts.id[p],
        authorId: members[posts.author[p]].id,
        likerId: members[likes.member[k]].id,
        changedAt: new Date(at).toISOString(),
      },
      at,
    );
  }
  for (let k = 0; k < follows.count; k += 1) {
    const at = follows.at[k];
    yield* notify(
      'user.followed',
      {
        followerId: members[follows.follower[k]].id,
        followeeId: members[follows.followee[k]].id,
        changedAt: new Date(at).toISOString(),
      },
      at,
    );
  }
  for (let t = 0; t < transfers.length; t += 1) {
    const { kind, from, to, amountMicro, at, note } = transfers[t];
    if (kind === 'topup') continue;
    const [senderId, recipientId, transferId] = [members[from].id, members[to].id, transfer.ids[t]];
    if (kind === 'tip')
      yield* notify('tip.sent', { transferId, senderId, recipientId, amountMicro, message: note }, at);
    else
      yield* notify(
        'transfer.completed',
        { transferId, kind, senderId, recipientId, amountMicro, memo: note },
        at,
      );
  }
}
