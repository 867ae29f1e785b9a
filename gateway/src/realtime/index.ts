import { PresenceService } from './presence.service';
import { RealtimeEventsConsumer } from './realtime-events.consumer';
import { RealtimeEmitter } from './realtime.emitter';
import { RealtimeGateway } from './realtime.gateway';
import { TypingService } from './typing.service';

/** Realtime (issue 6), registered by AppModule. */
export const REALTIME_PROVIDERS = [
  RealtimeEmitter,
  PresenceService,
  TypingService,
  RealtimeGateway,
  RealtimeEventsConsumer,
];
