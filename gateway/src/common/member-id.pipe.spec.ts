import { HttpException } from '@nestjs/common';
import { memberIdOf, MemberIdPipe, objectIdMemberIdOf } from './member-id.pipe';

const OBJECT_ID = '65F0C9A7E2B1D4C3A9E8F7A6';
const UUID = '0B9D6F2E-8A51-4C7E-9F3A-2D1C0B9A8E7F';
const NOT_IDS = ['blocked', 'search', 'me', '', '65f0c9a7e2b1d4c3a9e8f7a', `${OBJECT_ID}:${OBJECT_ID}`];

/** What the check answers: the id it passes on, or the HTTP error it throws. */
function answer(check: (value: string) => string, value: string) {
  try {
    return check(value);
  } catch (error) {
    return { status: (error as HttpException).getStatus(), body: (error as HttpException).getResponse() };
  }
}

const USER_NOT_FOUND = { status: 404, body: { detail: 'User not found' } };

describe('member ids in paths', () => {
  const pipe = new MemberIdPipe();
  const checks: [string, (value: string) => string][] = [
    ['the pipe', (value) => pipe.transform(value)],
    ['memberIdOf', memberIdOf],
  ];

  it.each(checks)(
    '%s takes ObjectIds and UUIDs (lower-cased) and answers 404 "User not found" for anything else',
    (_, check) => {
      expect(answer(check, OBJECT_ID)).toBe(OBJECT_ID.toLowerCase());
      expect(answer(check, UUID)).toBe(UUID.toLowerCase());
      for (const bad of NOT_IDS) expect(answer(check, bad)).toEqual(USER_NOT_FOUND);
    },
  );

  it('objectIdMemberIdOf (PUT /admin/users/:id) takes ObjectIds only', () => {
    expect(answer(objectIdMemberIdOf, OBJECT_ID)).toBe(OBJECT_ID.toLowerCase());
    for (const bad of [UUID, ...NOT_IDS]) expect(answer(objectIdMemberIdOf, bad)).toEqual(USER_NOT_FOUND);
  });
});
