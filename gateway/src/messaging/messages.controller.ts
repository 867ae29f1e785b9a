import '@fastify/multipart';
import { createReadStream, createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import {
  Body,
  Controller,
  HttpCode,
  HttpException,
  Post,
  Req,
  UnprocessableEntityException,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { media } from '@aura/proto';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, RefusedWhileSuspended } from '../auth/auth.decorators';
import { ErrorResponse } from '../auth/auth.dto';
import { MediaClient } from '../clients/media.client';
import { MessagingClient } from '../clients/messaging.client';
import { MEMBER_ID_PATTERN } from '../common/member-id.pipe';
import { FIELD_TOO_LARGE, FILE_REQUIRED, isReadableMultipart } from '../media/uploads';
import { MessageResponse, SEND_WITH_MEDIA_SCHEMA, SendMessageRequest } from './messaging.dto';
import { toMessage } from './messaging.mappers';
import { RateLimit } from '../rate-limit/rate-limit';
import { RequestDeadline } from '../common/request-deadline';
import { UPLOAD_DEADLINE_MS } from '../clients/media.client';

const ATTACHMENT_TYPES = ['image', 'video', 'audio'];
const CLIENT_MESSAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

const unprocessable = (detail: string) => new UnprocessableEntityException({ detail });

@ApiTags('messaging')
@ApiBearerAuth()
@ApiResponse({ status: 401, type: ErrorResponse, description: 'No token, or not a valid one' })
@Controller('messages')
@RateLimit('messages')
export class MessagesController {
  constructor(
    private readonly messaging: MessagingClient,
    private readonly media: MediaClient,
  ) {}

  @Post()
  @RefusedWhileSuspended()
  @HttpCode(201)
  @ApiCreatedResponse({
    type: MessageResponse,
    description: 'Stored; both members get new_message, the recipient message_notification',
  })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description:
      '"You cannot message this user" (blocked either way), "Message cannot be empty", "You cannot message yourself", "You cannot reply to a removed message"',
  })
  @ApiResponse({
    status: 404,
    type: ErrorResponse,
    description: '"User not found", "The message you reply to is not in this conversation"',
  })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'Malformed body' })
  async send(
    @Body() body: SendMessageRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<MessageResponse> {
    const message = await this.messaging.sendMessage(caller, {
      recipientId: body.recipient_id.toLowerCase(),
      content: body.content,
      messageType: body.message_type ?? 'text',
      mediaUrl: '',
      mediaFilename: '',
      clientMessageId: body.client_message_id ?? '',
      replyToMessageId: body.reply_to_message_id ?? '',
      story: undefined,
    });
    return toMessage(message);
  }

  /**
   * Multipart: the fields (recipient_id, content, message_type, client_message_id) and one `file`. The
   * member may message the recipient is checked before any byte is stored; the file then streams to
   * media (MEDIA_PURPOSE_MESSAGE, readable only by the two members) as it arrives. Fields sent after
   * the file are read too (the file waits in a temporary file meanwhile).
   */
  @Post('send-with-media')
  @RequestDeadline(UPLOAD_DEADLINE_MS)
  @RefusedWhileSuspended()
  @RateLimit('uploads')
  @HttpCode(201)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: SEND_WITH_MEDIA_SCHEMA as never })
  @ApiCreatedResponse({
    type: MessageResponse,
    description: 'The message with its media_url (signed, expiring)',
  })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description:
      '"You cannot message this user", "Unsupported media type", "File content does not match its type"',
  })
  @ApiResponse({ status: 404, type: ErrorResponse, description: '"User not found"' })
  @ApiResponse({
    status: 413,
    type: ErrorResponse,
    description: 'Over 50 MB, a field over 100 KiB, or more than 10 fields',
  })
  @ApiResponse({
    status: 422,
    type: ErrorResponse,
    description: 'No file, no recipient_id, or a bad message_type',
  })
  async sendWithMedia(
    @Req() request: FastifyRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<MessageResponse> {
    if (!isReadableMultipart(request)) throw unprocessable(FILE_REQUIRED);
    const fields: Record<string, string> = {};
    let stored: media.StoredMedia | undefined;
    let spooled: { path: string; filename: string; mimetype: string } | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          // Cut at MULTIPART_LIMITS.fieldSize by the parser: refused rather than sent cut.
          if (part.valueTruncated) throw new HttpException({ detail: FIELD_TOO_LARGE }, 413);
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file' || stored || spooled) {
          part.file.resume();
          continue;
        }
        if (fields.recipient_id !== undefined) {
          stored = await this.upload(caller, fields, part, part.file);
        } else {
          const path = join(tmpdir(), `aura-msg-${randomUUID()}`);
          await pipeline(part.file, createWriteStream(path));
          if (part.file.truncated) throw new HttpException({ detail: 'File too large' }, 413);
          spooled = { path, filename: part.filename ?? '', mimetype: part.mimetype ?? '' };
        }
      }
      if (!stored && spooled) {
        const { path, filename, mimetype } = spooled;
        stored = await this.upload(caller, fields, { filename, mimetype }, () =>
          // Opened only once the checks passed (the file is deleted in `finally`).
          createReadStream(path).once('error', () => undefined),
        );
      }
    } catch (error) {
      const statusCode = (error as { statusCode?: number }).statusCode;
      if (statusCode === 413) throw new HttpException({ detail: 'File too large (at most 50 MB)' }, 413);
      // A body the multipart parser cannot read (cut short, a broken part header) is the client's.
      if (
        error instanceof Error &&
        /^Multipart: |Unexpected end of form|Malformed part header/.test(error.message)
      )
        throw unprocessable(FILE_REQUIRED);
      throw error;
    } finally {
      if (spooled) await unlink(spooled.path).catch(() => undefined);
    }
    if (!stored) throw unprocessable(FILE_REQUIRED);
    const message = await this.messaging.sendMessage(caller, {
      recipientId: fields.recipient_id.toLowerCase(),
      content: fields.content ?? '',
      messageType: stored.fileType,
      mediaUrl: stored.url,
      mediaFilename: stored.filename,
      clientMessageId: fields.client_message_id ?? '',
      replyToMessageId: fields.reply_to_message_id ?? '',
      story: undefined,
    });
    return toMessage(message);
  }

  /** Checks the fields and the recipient, then streams the file to media for the conversation. */
  private async upload(
    caller: AuthenticatedCaller,
    fields: Record<string, string>,
    file: Pick<MultipartFile, 'filename' | 'mimetype'>,
    source: Readable | (() => Readable),
  ): Promise<media.StoredMedia> {
    let bytes = typeof source === 'function' ? undefined : source;
    try {
      const recipientId = (fields.recipient_id ?? '').toLowerCase();
      if (!MEMBER_ID_PATTERN.test(recipientId)) throw unprocessable('recipient_id is required');
      if (fields.message_type && !ATTACHMENT_TYPES.includes(fields.message_type))
        throw unprocessable('message_type must be image, video or audio');
      if (fields.client_message_id && !CLIENT_MESSAGE_ID.test(fields.client_message_id))
        throw unprocessable('client_message_id must be 1-64 letters, digits, "-" or "_"');
      const conversation = await this.messaging.prepareAttachment(caller, recipientId);
      bytes ??= (source as () => Readable)();
      return await this.media.upload(
        caller,
        {
          purpose: media.MediaPurpose.MEDIA_PURPOSE_MESSAGE,
          filename: file.filename ?? '',
          contentType: file.mimetype ?? '',
          conversationId: conversation.id,
          memberIds: conversation.memberIds,
        },
        bytes,
      );
    } catch (error) {
      // The answer must reach the client: whatever is left of the upload is read and dropped.
      if (bytes && !bytes.readableEnded && !bytes.destroyed) bytes.resume();
      throw error;
    }
  }
}
