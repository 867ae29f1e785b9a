import { NotFoundException, PipeTransform } from '@nestjs/common';

// Path ids are checked before any call: an id of the wrong form is 404 (ADR 0004), so that static
// segments (/posts/feed/…, /users/search, /users/blocked, /notifications/stats) can never be read as
// ids, and no service sees junk.

/** A path id of one form: 404 with `notFound` for anything else; the id is lower-cased. */
export class IdPipe implements PipeTransform<string, string> {
  constructor(
    private readonly pattern: RegExp,
    private readonly notFound: string,
  ) {}

  transform(value: string): string {
    if (typeof value !== 'string' || !this.pattern.test(value))
      throw new NotFoundException({ detail: this.notFound });
    return value.toLowerCase();
  }
}
