import type { admin } from '@aura/proto';
import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { IdentityClient } from '../clients/identity.client';
import { MessagingClient } from '../clients/messaging.client';
import { SocialClient } from '../clients/social.client';
import { OBJECT_ID_PATTERN, UUID_PATTERN } from '../common/id.pipe';

const NOT_FOUND: Record<string, string> = {
  post: 'Post not found',
  story: 'Post not found',
  comment: 'Comment not found',
  message: 'Message not found',
  member: 'User not found',
};

/**
 * What a member reports, read with the member's own access: one cannot report what one cannot see,
 * and the case keeps what they saw (the text and media as they were), whatever happens to it later.
 */
@Injectable()
export class ReportTargets {
  constructor(
    private readonly social: SocialClient,
    private readonly messaging: MessagingClient,
    private readonly identity: IdentityClient,
  ) {}

  async snapshot(caller: AuthenticatedCaller, type: string, id: string): Promise<admin.ReportTarget> {
    const idPattern = type === 'message' ? UUID_PATTERN : type === 'member' ? OBJECT_ID_PATTERN : null;
    if (idPattern ? !idPattern.test(id) : !(OBJECT_ID_PATTERN.test(id) || UUID_PATTERN.test(id)))
      throw new NotFoundException({ detail: NOT_FOUND[type] });
    switch (type) {
      case 'post':
      case 'story': {
        const post = await this.social.getPost(caller, id);
        return {
          type: post.isStory ? 'story' : 'post',
          id: post.id,
          memberId: post.user?.id ?? '',
          text: post.content,
          mediaUrl: post.mediaUrl,
          contextId: '',
          createdAt: post.createdAt,
        };
      }
      case 'comment': {
        const comment = await this.social.getComment(caller, id);
        return {
          type,
          id: comment.id,
          memberId: comment.user?.id ?? '',
          text: comment.content,
          mediaUrl: '',
          contextId: comment.postId,
          createdAt: comment.createdAt,
        };
      }
      case 'message': {
        const message = await this.messaging.getMessage(caller, id);
        return {
          type,
          id: message.id,
          memberId: message.sender?.id ?? '',
          text: message.content,
          mediaUrl: message.mediaUrl,
          contextId: message.conversationId,
          createdAt: message.createdAt,
        };
      }
      case 'member': {
        const user = await this.identity.getUser(id, caller);
        return {
          type,
          id: user.id,
          memberId: user.id,
          text: [user.displayName, `@${user.username}`, user.bio].filter(Boolean).join('\n'),
          mediaUrl: user.profilePicture,
          contextId: '',
          createdAt: user.createdAt,
        };
      }
      default:
        throw new UnprocessableEntityException({ detail: 'target_type is not valid' });
    }
  }
}
