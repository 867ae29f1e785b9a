import { MemberDirectory, type MemberDoc, type MemberProfile, MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection, mongo } from 'mongoose';
import { MessagingCache } from '../common/cache';
import { isMemberId } from '../common/ids';
import { IDENTITY_LOOKUP, IdentityLookup } from './identity-lookup';
import type { Participant } from './participant';

const participantOf = (member: MemberProfile): Participant => ({
  id: member.id,
  username: member.username,
  displayName: member.displayName,
  profilePicture: member.profilePicture,
  auraScore: member.auraScore,
  isSuperAura: member.isSuperAura,
});

/**
 * Members as messaging knows them: the platform's member directory over MongoDB (`members`, fed by
 * identity's events, identity asked for a member not seen yet), and Redis (`<p>:mem:<id>`, a hash) the
 * hot copy read on every send and list.
 */
@Injectable()
export class MembersRepository {
  readonly directory: MemberDirectory<MemberDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(MessagingCache) private readonly cache: MessagingCache,
    @Inject(IDENTITY_LOOKUP) identity: IdentityLookup,
  ) {
    const members = connection.collection<MemberDoc>('members') as unknown as mongo.Collection<MemberDoc>;
    this.directory = new MemberDirectory(members, { source: identity });
  }

  private key(id: string): string {
    return `${this.cache.prefix}:mem:${id}`;
  }

  async get(id: string): Promise<Participant | null> {
    return (await this.getMany([id])).get(id) ?? null;
  }

  /** Several members at once (one Redis round trip when they are all cached). */
  async getMany(ids: string[]): Promise<Map<string, Participant>> {
    const unique = [...new Set(ids)].filter(isMemberId);
    const found = new Map<string, Participant>();
    if (unique.length === 0) return found;
    const pipeline = this.cache.redis.pipeline();
    unique.forEach((id) => pipeline.hgetall(this.key(id)));
    const results = (await pipeline.exec()) ?? [];
    const missing: string[] = [];
    unique.forEach((id, index) => {
      const hash = results[index]?.[1] as Record<string, string> | undefined;
      if (hash && hash.username !== undefined) {
        found.set(id, {
          id,
          username: hash.username,
          displayName: hash.display_name ?? '',
          profilePicture: hash.profile_picture ?? '',
          auraScore: Number(hash.aura_score ?? 0),
          isSuperAura: hash.is_super_aura === '1',
        });
      } else missing.push(id);
    });
    if (missing.length === 0) return found;
    const loaded = await this.directory.findMany(missing);
    await Promise.all(
      [...loaded.values()].map(async (member) => {
        const participant = participantOf(member);
        found.set(member.id, participant);
        await this.writeCache(participant);
      }),
    );
    return found;
  }

  /** Copies the member as the directory now holds them into Redis (after one of identity's events). */
  async refresh(id: string): Promise<void> {
    const member = await this.directory.stored(id);
    if (member) await this.writeCache(participantOf(member));
  }

  private async writeCache(member: Participant): Promise<void> {
    const key = this.key(member.id);
    await this.cache.redis
      .multi()
      .hset(key, {
        username: member.username,
        display_name: member.displayName,
        profile_picture: member.profilePicture,
        aura_score: String(member.auraScore),
        is_super_aura: member.isSuperAura ? '1' : '0',
      })
      .pexpire(key, this.cache.ttlMs)
      .exec();
  }
}
