import { UserProfileChanged, UserRegistered } from './gen/aura/identity/v1/events';
import { BannerSet, MediaStored, ProfilePictureSet } from './gen/aura/media/v1/events';

/** Encoder/decoder pair that ts-proto generates for every message. */
export interface MessageCodec<T> {
  encode(message: T): { finish(): Uint8Array };
  decode(input: Uint8Array): T;
  fromPartial(object: Partial<T>): T;
}

function event<T>(topic: string, version: number, codec: MessageCodec<T>) {
  return { topic, version, codec };
}

/**
 * Every domain event of Aura: its type name, topic, schema version and protobuf message.
 * The Kafka record key is the aggregate id, so order holds per aggregate.
 */
export const EventCatalog = {
  'user.registered': event('aura.identity.user', 1, UserRegistered),
  'user.profile_changed': event('aura.identity.user', 1, UserProfileChanged),
  'media.profile_picture_set': event('aura.media.object', 1, ProfilePictureSet),
  'media.banner_set': event('aura.media.object', 1, BannerSet),
  'media.stored': event('aura.media.object', 1, MediaStored),
} as const;

export type EventType = keyof typeof EventCatalog;
export type EventPayload<T extends EventType> =
  (typeof EventCatalog)[T]['codec'] extends MessageCodec<infer P> ? P : never;

export function isEventType(type: string): type is EventType {
  return Object.prototype.hasOwnProperty.call(EventCatalog, type);
}
