import { callerMetadata, CONFIG, createGrpcClient, unaryCall } from '@aura/platform';
import { common, economy, identity, messaging, social } from '@aura/proto';
import type { Client } from '@grpc/grpc-js';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { MediaConfig } from '../config';

/** One part of the export: the files it becomes (`<file>.json`, `<file>.csv`) and its label in the app. */
export interface ExportPart {
  service: 'identity' | 'social' | 'messaging' | 'economy';
  part: string;
  file: string;
  label: string;
}

/** Every part, in the order they are gathered (the member's files come last, see ExportArchive). */
export const EXPORT_PARTS: readonly ExportPart[] = [
  { service: 'identity', part: 'profile', file: 'profile', label: 'Profile' },
  { service: 'social', part: 'posts', file: 'posts', label: 'Posts' },
  { service: 'social', part: 'comments', file: 'comments', label: 'Comments' },
  { service: 'social', part: 'stories', file: 'stories', label: 'Stories' },
  { service: 'social', part: 'following', file: 'following', label: 'Following' },
  { service: 'social', part: 'saved_posts', file: 'saved-posts', label: 'Saved posts' },
  { service: 'messaging', part: 'conversations', file: 'conversations', label: 'Conversations' },
  { service: 'messaging', part: 'messages', file: 'messages', label: 'Messages' },
  { service: 'identity', part: 'check_ins', file: 'check-ins', label: 'Check-ins' },
  { service: 'identity', part: 'reflections', file: 'reflections', label: 'Reflections' },
  { service: 'economy', part: 'wallet', file: 'wallet-history', label: 'Wallet history' },
  { service: 'economy', part: 'spending_settings', file: 'spending-settings', label: 'Spending settings' },
  {
    service: 'messaging',
    part: 'notification_settings',
    file: 'notification-settings',
    label: 'Notification settings',
  },
];

export type ExportRecord = Record<string, unknown>;

export const EXPORT_SOURCES = Symbol('EXPORT_SOURCES');

/** Where the parts come from: the services that hold them (an interface so tests can stand in). */
export interface ExportSources {
  /** The part's records, a page at a time. */
  pages(part: ExportPart, userId: string): AsyncIterable<ExportRecord[]>;
}

/** A deadline per page: a page is at most a few hundred records from an index. */
const PAGE_DEADLINE_MS = 30_000;

type ExportMethod = (
  request: common.ExportPageRequest,
  metadata: import('@grpc/grpc-js').Metadata,
  options: Partial<import('@grpc/grpc-js').CallOptions>,
  callback: (error: import('@grpc/grpc-js').ServiceError | null, response: common.ExportPage) => void,
) => import('@grpc/grpc-js').ClientUnaryCall;

/**
 * The services over gRPC, as the media service: each admits ExportMemberData from media only
 * (a synchronous service-to-service call, the exception ARCHITECTURE §1 allows: the export reads
 * what each service owns, at the moment the member asked).
 */
@Injectable()
export class GrpcExportSources implements ExportSources, OnModuleDestroy {
  private readonly clients: Record<ExportPart['service'], Client & { exportMemberData: ExportMethod }>;

  constructor(
    @Inject(CONFIG)
    config: Pick<
      MediaConfig,
      'IDENTITY_GRPC_URL' | 'SOCIAL_GRPC_URL' | 'MESSAGING_GRPC_URL' | 'ECONOMY_GRPC_URL'
    >,
  ) {
    this.clients = {
      identity: createGrpcClient(identity.IdentityServiceClient, config.IDENTITY_GRPC_URL),
      social: createGrpcClient(social.SocialServiceClient, config.SOCIAL_GRPC_URL),
      messaging: createGrpcClient(messaging.MessagingServiceClient, config.MESSAGING_GRPC_URL),
      economy: createGrpcClient(economy.EconomyServiceClient, config.ECONOMY_GRPC_URL),
    } as unknown as Record<ExportPart['service'], Client & { exportMemberData: ExportMethod }>;
  }

  async *pages(part: ExportPart, userId: string): AsyncIterable<ExportRecord[]> {
    const client = this.clients[part.service];
    let cursor = '';
    do {
      const page = await unaryCall(
        client,
        client.exportMemberData,
        { userId, part: part.part, cursor },
        callerMetadata(),
        PAGE_DEADLINE_MS,
      );
      const records = JSON.parse(page.recordsJson || '[]') as ExportRecord[];
      yield records;
      cursor = page.nextCursor;
    } while (cursor);
  }

  onModuleDestroy(): void {
    for (const client of Object.values(this.clients)) client.close();
  }
}
