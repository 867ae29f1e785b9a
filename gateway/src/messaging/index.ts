import { BlocksController } from '../blocks/blocks.controller';
import { MessagingClient } from '../clients/messaging.client';
import { NotificationsController } from '../notifications/notifications.controller';
import { REALTIME_PROVIDERS } from '../realtime';
import { ConversationsController } from './conversations.controller';
import { MessageReactionsController } from './message-reactions.controller';
import { MessagesController } from './messages.controller';
import { StoryRepliesController } from './story-replies.controller';

/** The routes of issue 6 (blocks first: /users/blocked is static), registered by AppModule. */
export const MESSAGING_CONTROLLERS = [
  BlocksController,
  ConversationsController,
  MessagesController,
  MessageReactionsController,
  StoryRepliesController,
  NotificationsController,
];

export const MESSAGING_PROVIDERS = [MessagingClient, ...REALTIME_PROVIDERS];
