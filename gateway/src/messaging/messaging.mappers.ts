import type { messaging } from '@aura/proto';
import { freshAttachmentUrl } from './attachment-urls';
import type {
  ConversationResponse,
  MessageReactionResponse,
  MessageResponse,
  MessageTypeName,
  ParticipantResponse,
} from './messaging.dto';

const emptyParticipant = (id = ''): messaging.Participant => ({
  id,
  username: '',
  displayName: '',
  profilePicture: '',
  auraScore: 0,
  isSuperAura: false,
});

export function toParticipant(participant: messaging.Participant | undefined): ParticipantResponse {
  const p = participant ?? emptyParticipant();
  return {
    id: p.id,
    username: p.username,
    display_name: p.displayName || p.username,
    profile_picture: p.profilePicture,
    aura_score: p.auraScore,
    is_super_aura: p.isSuperAura,
  };
}

export function toReactions(reactions: messaging.MessageReaction[] | undefined): MessageReactionResponse[] {
  return (reactions ?? []).map((reaction) => ({
    emoji: reaction.emoji,
    count: reaction.userIds.length,
    user_ids: reaction.userIds,
  }));
}

export function toMessage(message: messaging.Message): MessageResponse {
  return {
    id: message.id,
    conversation_id: message.conversationId,
    sender: toParticipant(message.sender),
    recipient_id: message.recipientId,
    content: message.content,
    message_type: message.messageType as MessageTypeName,
    // Signed anew for the member at every read: never a stale (broken) or long-lived URL.
    media_url: message.mediaUrl ? freshAttachmentUrl(message.mediaUrl) : null,
    is_read: message.isRead,
    read_at: message.readAt || null,
    created_at: message.createdAt,
    client_message_id: message.clientMessageId || null,
    removed: message.removed,
    reply_to: message.replyTo
      ? {
          message_id: message.replyTo.messageId,
          sender_id: message.replyTo.senderId,
          sender_name: message.replyTo.senderName,
          excerpt: message.replyTo.excerpt,
          message_type: message.replyTo.messageType as MessageTypeName,
          unavailable: message.replyTo.unavailable,
        }
      : null,
    reactions: toReactions(message.reactions),
    story: message.story
      ? {
          story_id: message.story.storyId,
          author_id: message.story.authorId,
          excerpt: message.story.excerpt,
          media_url: message.story.mediaUrl || null,
          media_type: message.story.mediaType || null,
        }
      : null,
  };
}

export function toConversation(conversation: messaging.Conversation, isOnline = false): ConversationResponse {
  return {
    id: conversation.id,
    other_participant: { ...toParticipant(conversation.otherParticipant), is_online: isOnline },
    unread_count: conversation.unreadCount,
    is_blocked: conversation.isBlocked,
    last_message: conversation.lastMessage ? toMessage(conversation.lastMessage) : null,
    last_message_time: conversation.lastMessageTime || null,
    created_at: conversation.createdAt,
    updated_at: conversation.updatedAt,
  };
}
