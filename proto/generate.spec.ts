import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { EventCatalog } from './src';
import topics from './topics.json';

describe('proto contracts', () => {
  it('committed generated code matches the .proto files (run `npm run proto` after a change)', () => {
    const output = execFileSync('bash', [join(__dirname, 'generate.sh'), '--check'], { encoding: 'utf8' });
    expect(output).toContain('generated code matches');
  });

  it('every event is published on a topic that deploy/local creates', () => {
    for (const [type, entry] of Object.entries(EventCatalog)) {
      expect({ type, topic: topics.topics.includes(entry.topic) }).toEqual({ type, topic: true });
    }
  });
});
