import { CallContext, NotFound, RuleViolation } from '@aura/platform';
import { common, social } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, Clock } from '../common/clock';
import { requireCaller } from '../common/ids';
import { MAX_MUTED_WORDS, mutedUntil, MutedWordMessages, normalizePhrase } from './muted-word-rules';
import { MutedWordDoc, MutedWordsRepository } from './muted-words.repository';

const toMutedWord = (doc: MutedWordDoc): social.MutedWord => ({
  id: doc._id,
  phrase: doc.phrase,
  createdAt: new Date(doc.createdAt).toISOString(),
  expiresAt: doc.expiresAt ? new Date(doc.expiresAt).toISOString() : '',
});

/** A member's muted words and tags (PostViews applies them to the feeds, explore to its results). */
@Injectable()
export class MutedWordsService {
  constructor(
    @Inject(MutedWordsRepository) private readonly words: MutedWordsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async mute(request: social.MuteWordRequest, context: CallContext): Promise<social.MutedWord> {
    const memberId = requireCaller(context);
    const phrase = normalizePhrase(request.phrase);
    const now = this.clock.now();
    const expiresAt = mutedUntil(request.expiresInHours, now);
    const current = await this.words.listOf(memberId, now);
    if (!current.some((doc) => doc.phrase === phrase) && current.length >= MAX_MUTED_WORDS)
      throw new RuleViolation(MutedWordMessages.tooMany);
    return toMutedWord(await this.words.put(memberId, phrase, expiresAt, now));
  }

  async unmute(request: social.MutedWordRef, context: CallContext): Promise<common.Empty> {
    const memberId = requireCaller(context);
    if (!(await this.words.remove(memberId, request.id))) throw new NotFound(MutedWordMessages.notFound);
    return {};
  }

  async list(_request: common.Empty, context: CallContext): Promise<social.MutedWordList> {
    const memberId = requireCaller(context);
    return { words: (await this.words.listOf(memberId, this.clock.now())).map(toMutedWord) };
  }
}
