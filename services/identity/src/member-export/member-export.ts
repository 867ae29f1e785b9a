import {
  afterTimeAndId,
  decodeExportCursor,
  EXPORT_PAGE_SIZE,
  ExportPosition,
  ExportQuery,
  ExportRecord,
  ExportRecords,
  exportPageOf,
  isoDate,
} from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { activeRestriction } from '../restrictions/restriction';
import { TwoFactorRepository } from '../two-factor/two-factor.repository';
import { ExportedUserDoc, UsersRepository } from '../users/users.repository';
import type { MoodCheckinDoc, ReflectionDoc } from '../wellness/wellness.schema';
import { WellnessRepository } from '../wellness/wellness.repository';

/** What identity holds of a member's data export (docs/data-export.md). */
export const IDENTITY_EXPORT_PARTS = ['profile', 'check_ins', 'reflections'] as const;
export type IdentityExportPart = (typeof IDENTITY_EXPORT_PARTS)[number];

/** The filters and sorts of the export's queries, one place for the export and the index tests. */
export const ExportQueries = {
  /**
   * A member's check-ins or reflections oldest first, after a position (`user_id, created_at, _id`
   * index, read backwards).
   */
  wellness: <T>(userId: string, position: ExportPosition): ExportQuery<T> => ({
    filter: { user_id: userId, ...afterTimeAndId('created_at', position) } as ExportQuery<T>['filter'],
    sort: { created_at: 1, _id: 1 },
  }),
};

/**
 * The member's account as they see it in the app: profile, customisation and settings, and whether
 * their e-mail is verified and a second factor on. Never a password hash, a TOTP secret, recovery
 * codes or passkeys.
 */
function profileRecord(id: string, doc: ExportedUserDoc, twoFactorEnabled: boolean): ExportRecord {
  const restriction = activeRestriction(doc.restriction);
  return {
    id,
    username: doc.username,
    email: doc.email,
    email_verified: Boolean(doc.email_verified_at),
    email_verified_at: isoDate(doc.email_verified_at),
    display_name: doc.display_name,
    bio: doc.bio ?? '',
    profile_picture: doc.profile_picture ?? '',
    banner_image: doc.banner_image ?? '',
    aura_animation_style: doc.aura_animation_style ?? 'pulse',
    aura_color_gradient: doc.aura_color_gradient ?? 'cosmic',
    profile_ring_color: doc.profile_ring_color ?? 'default',
    profile_background: doc.profile_background ?? 'default',
    profile_audio_youtube_link: doc.profile_audio_youtube_link ?? '',
    role: doc.role,
    aura_score: doc.aura_score,
    is_super_aura: Boolean(doc.is_super_aura),
    super_aura_until: isoDate(doc.super_aura_until),
    two_factor_enabled: twoFactorEnabled,
    restriction: restriction?.kind ?? null,
    restriction_reason: restriction?.reason ?? null,
    restriction_until: isoDate(restriction?.until),
    deletion_scheduled_for: isoDate(doc.deletion?.delete_at),
    created_at: isoDate(doc.created_at),
    updated_at: isoDate(doc.updated_at),
  };
}

const checkinRecord = (doc: MoodCheckinDoc): ExportRecord => ({
  id: doc._id,
  created_at: isoDate(doc.created_at),
  mood: doc.mood,
  energy_level: doc.energy_level,
  note: doc.mood_description ?? '',
});

const reflectionRecord = (doc: ReflectionDoc): ExportRecord => ({
  id: doc._id,
  created_at: isoDate(doc.created_at),
  mood: doc.mood,
  category: doc.category,
  content: doc.content,
});

/** Reads a member's profile, mood check-ins and reflections for their data export, a page at a time. */
@Injectable()
export class IdentityExport {
  /** Records per page (tests lower it). */
  pageSize = EXPORT_PAGE_SIZE;

  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(TwoFactorRepository) private readonly twoFactor: TwoFactorRepository,
    @Inject(WellnessRepository) private readonly wellness: WellnessRepository,
  ) {}

  async page(userId: string, part: IdentityExportPart, cursor: string): Promise<ExportRecords> {
    switch (part) {
      case 'profile': {
        // One record, so one page; the cursor is not needed.
        const [doc, twoFactorEnabled] = await Promise.all([
          this.users.exportProfile(userId),
          this.twoFactor.isOn(userId),
        ]);
        return { records: doc ? [profileRecord(userId, doc, twoFactorEnabled)] : [], nextCursor: '' };
      }
      case 'check_ins':
        return this.wellnessPage(
          (query, limit) => this.wellness.exportCheckins(query, limit),
          userId,
          cursor,
          checkinRecord,
        );
      case 'reflections':
        return this.wellnessPage(
          (query, limit) => this.wellness.exportReflections(query, limit),
          userId,
          cursor,
          reflectionRecord,
        );
    }
  }

  private async wellnessPage<T extends { _id: string; created_at: Date }>(
    read: (query: ExportQuery<T>, limit: number) => Promise<T[]>,
    userId: string,
    cursor: string,
    toRecord: (doc: T) => ExportRecord,
  ): Promise<ExportRecords> {
    const query = ExportQueries.wellness<T>(
      userId,
      decodeExportCursor(cursor, ['number', 'string'] as const),
    );
    const docs = await read(query, this.pageSize + 1);
    const page = exportPageOf(docs, this.pageSize, (last) => [new Date(last.created_at).getTime(), last._id]);
    return { records: page.items.map(toRecord), nextCursor: page.nextCursor };
  }
}
