import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Client as S3Client } from 'minio';
import { uuidFrom, sha256 } from '../ids';
import { DAILY_RATE_AC, RARITIES, type Rarity } from '../rules/odds';
import { MICRO_PER_AC } from '../rules/accrual';
import { genieSvg } from './artwork';
import { ArtworkStorage } from './artwork-storage';
import { CATALOGUE, type CatalogueEntry } from './catalogue.data';
import { CatalogueRepository, type GenieDoc } from './catalogue.repository';

/** Where a genie's artwork lives in the media bucket, and the gateway path that serves it. */
export const artworkKey = (genieId: string) => `genies/${genieId}.svg`;
export const artworkUrl = (genieId: string) => `/api/media/genies/${genieId}.svg`;
export const genieIdOf = (slug: string) => uuidFrom(`aura-genie:${slug}`);

export interface Artwork {
  content: Buffer;
  etag: string;
}

/**
 * The catalogue: seeded at every start from CATALOGUE (upserts: a second start changes nothing), with
 * each genie's generated SVG stored in the media bucket under genies/. Read into memory after seeding
 * (it is small and changes only with a deploy).
 */
@Injectable()
export class Catalogue implements OnModuleInit {
  private genies: GenieDoc[] = [];
  private readonly artwork = new Map<string, Artwork>();
  private readonly storage: S3Client;
  private readonly bucket: string;

  constructor(
    @Inject(CatalogueRepository) private readonly repository: CatalogueRepository,
    @Inject(ArtworkStorage) artwork: ArtworkStorage,
  ) {
    this.storage = artwork.client;
    this.bucket = artwork.bucket;
  }

  onModuleInit(): Promise<void> {
    return this.seed();
  }

  async seed(entries: readonly CatalogueEntry[] = CATALOGUE): Promise<void> {
    for (const entry of entries) {
      const id = genieIdOf(entry.slug);
      const svg = Buffer.from(genieSvg(entry));
      const etag = sha256(svg.toString()).slice(0, 32);
      await this.storage.putObject(this.bucket, artworkKey(id), svg, svg.length, {
        'Content-Type': 'image/svg+xml',
        'Cache-Control': 'public, max-age=86400',
      });
      await this.repository.upsert({
        _id: id,
        slug: entry.slug,
        name: entry.name,
        description: entry.description,
        rarity: entry.rarity,
        animation_type: entry.animationType,
        daily_rate_micro: DAILY_RATE_AC[entry.rarity] * MICRO_PER_AC,
        special_ability: entry.specialAbility ?? '',
        artwork_etag: etag,
      });
    }
    await this.load();
  }

  async load(): Promise<void> {
    const docs = await this.repository.all();
    this.genies = docs.sort(
      (a, b) => RARITIES.indexOf(a.rarity) - RARITIES.indexOf(b.rarity) || a.name.localeCompare(b.name),
    );
  }

  all(): readonly GenieDoc[] {
    return this.genies;
  }

  byId(id: string): GenieDoc | undefined {
    return this.genies.find((genie) => genie._id === id);
  }

  ofRarity(rarity: Rarity): GenieDoc[] {
    return this.genies.filter((genie) => genie.rarity === rarity);
  }

  /** The SVG of `<genie id>.svg` from the bucket (kept in memory once read); null when unknown. */
  async artworkOf(file: string): Promise<Artwork | null> {
    const match = /^([0-9a-f-]{36})\.svg$/.exec(file);
    const genie = match ? this.byId(match[1]) : undefined;
    if (!genie) return null;
    const cached = this.artwork.get(genie._id);
    if (cached) return cached;
    const chunks: Buffer[] = [];
    for await (const chunk of await this.storage.getObject(this.bucket, artworkKey(genie._id)))
      chunks.push(chunk as Buffer);
    const artwork = { content: Buffer.concat(chunks), etag: genie.artwork_etag };
    this.artwork.set(genie._id, artwork);
    return artwork;
  }
}
