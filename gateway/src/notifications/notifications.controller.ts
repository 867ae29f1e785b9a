import { Body, Controller, Get, HttpCode, Param, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { messaging } from '@aura/proto';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, SignedIn } from '../auth/auth.decorators';
import { ErrorResponse } from '../auth/auth.dto';
import { MessagingClient } from '../clients/messaging.client';
import { NotificationIdPipe } from '../messaging/messaging.ids';
import {
  ListNotificationsQuery,
  NotificationResponse,
  NotificationSettingsResponse,
  NotificationStatsResponse,
  UpdateNotificationSettingsRequest,
} from './notifications.dto';
import { toNotification } from './notifications.mappers';

const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/**
 * The notification center (messaging owns it). Static routes (stats, mark-all-read) are declared
 * before /{id}/read, and an id must be a UUID, so they can never be read as ids.
 */
@ApiTags('notifications')
@ApiBearerAuth()
@ApiResponse({ status: 401, type: ErrorResponse, description: 'No token, or not a valid one' })
@SignedIn()
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly messaging: MessagingClient) {}

  @Get()
  @ApiOkResponse({
    type: NotificationResponse,
    isArray: true,
    headers: {
      [NEXT_CURSOR_HEADER]: {
        description: 'Cursor of the next (older) page; absent on the last page',
        schema: { type: 'string' },
      },
    },
    description: 'Newest first (20 by default)',
  })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'A bad limit or cursor' })
  async list(
    @Query() query: ListNotificationsQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<NotificationResponse[]> {
    const page = await this.messaging.listNotifications(caller, {
      limit: query.limit ?? 20,
      cursor: query.cursor ?? '',
    });
    if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.notifications.map(toNotification);
  }

  @Get('stats')
  @ApiOkResponse({ type: NotificationStatsResponse })
  async stats(@CurrentCaller() caller: AuthenticatedCaller): Promise<NotificationStatsResponse> {
    return { unread_count: (await this.messaging.notificationStats(caller)).unreadCount };
  }

  @Put('mark-all-read')
  @HttpCode(200)
  @ApiOkResponse({
    type: NotificationStatsResponse,
    description: 'Every notification is read (unread_count 0)',
  })
  async markAllRead(@CurrentCaller() caller: AuthenticatedCaller): Promise<NotificationStatsResponse> {
    return { unread_count: (await this.messaging.markAllNotificationsRead(caller)).unreadCount };
  }

  @Get('settings')
  @ApiOkResponse({
    type: NotificationSettingsResponse,
    description: 'The types the caller turned off, and whether the others come in a daily digest',
  })
  async settings(@CurrentCaller() caller: AuthenticatedCaller): Promise<NotificationSettingsResponse> {
    return toSettingsResponse(await this.messaging.notificationSettings(caller));
  }

  @Put('settings')
  @HttpCode(200)
  @ApiOkResponse({
    type: NotificationSettingsResponse,
    description:
      'Saved: from the next event, no notification of a type turned off is made, and with the daily digest the others wait for it',
  })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: '"Account and money notifications cannot be turned off" (system, withdrawal)',
  })
  @ApiResponse({
    status: 422,
    type: ErrorResponse,
    description:
      'E.g. "Unknown notification type: …", "The reminder time must be HH:MM (00:00 to 23:59)", "Unknown time zone: …"',
  })
  async updateSettings(
    @Body() body: UpdateNotificationSettingsRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<NotificationSettingsResponse> {
    const reminder = body.wellbeing_reminder;
    const saved = await this.messaging.updateNotificationSettings(caller, {
      mutedTypes: body.muted_types,
      dailyDigest: body.daily_digest,
      ...(reminder === undefined
        ? {}
        : { reminderTime: reminder?.time ?? '', reminderTimeZone: reminder?.time_zone ?? '' }),
    });
    return toSettingsResponse(saved);
  }

  @Put(':id/read')
  @HttpCode(200)
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({
    type: NotificationStatsResponse,
    description: 'Read (idempotent); the unread count after it',
  })
  @ApiResponse({
    status: 404,
    type: ErrorResponse,
    description: '"Notification not found" (also another member\'s)',
  })
  async markRead(
    @Param('id', NotificationIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<NotificationStatsResponse> {
    return { unread_count: (await this.messaging.markNotificationRead(caller, id)).unreadCount };
  }
}

function toSettingsResponse(settings: messaging.NotificationSettings): NotificationSettingsResponse {
  return {
    muted_types: settings.mutedTypes,
    daily_digest: Boolean(settings.dailyDigest),
    wellbeing_reminder: settings.reminderTime
      ? { time: settings.reminderTime, time_zone: settings.reminderTimeZone || 'UTC' }
      : null,
  };
}
