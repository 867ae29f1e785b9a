import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

type ScriptCommand = (numberOfKeys: number, ...keysAndArgs: (string | number)[]) => Promise<unknown>;

/**
 * A Lua script run as an ioredis custom command (`defineCommand`): ioredis sends EVALSHA and falls back
 * to EVAL when Redis does not know the script (first use, or after a restart). The command is defined
 * once per connection, under a name derived from the script, on first use.
 */
export class LuaScript {
  private readonly name: string;

  constructor(private readonly source: string) {
    this.name = `auraScript${createHash('sha1').update(source).digest('hex').slice(0, 16)}`;
  }

  async run<T = unknown>(redis: Redis, keys: string[], args: (string | number)[]): Promise<T> {
    const commands = redis as unknown as Record<string, ScriptCommand | undefined>;
    if (!commands[this.name]) redis.defineCommand(this.name, { lua: this.source });
    return (await commands[this.name]!(keys.length, ...keys, ...args)) as T;
  }
}
