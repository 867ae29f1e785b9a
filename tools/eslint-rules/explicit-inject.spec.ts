import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import explicitInject = require('./explicit-inject');

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

const provider = (classDecorator: string, params: string) => `
  ${classDecorator}
  export class ThingsService {
    constructor(${params}) {}
  }`;

const missing = (param: string, owner = 'ThingsService') => ({
  messageId: 'missing' as const,
  data: { param, owner },
});

tester.run('explicit-inject', explicitInject, {
  valid: [
    {
      name: 'every parameter names its class or token',
      code: provider(
        '@Injectable()',
        '@Inject(ThingsRepository) private readonly things: ThingsRepository, @Inject(LOGGER) private readonly logger: Logger',
      ),
    },
    {
      name: 'an optional dependency keeps @Optional() beside @Inject',
      code: provider('@Injectable()', '@Optional() @Inject(CLOCK) private readonly clock: Clock = Date.now'),
    },
    {
      name: 'a plain parameter with its token',
      code: provider('@Injectable()', '@Inject(MONGO) connection: Connection'),
    },
    {
      name: 'a forward reference',
      code: provider('@Injectable()', '@Inject(forwardRef(() => Other)) other: Other'),
    },
    {
      name: 'a qualified decorator',
      code: provider('@common.Injectable()', '@common.Inject(Other) other: Other'),
    },
    {
      name: 'a controller',
      code: provider("@Controller('things')", '@Inject(ThingsService) things: ThingsService'),
    },
    { name: 'a constructor without parameters', code: provider('@Injectable()', '') },
    {
      name: 'a class without a constructor',
      code: '@Injectable() export class Clock { now() { return Date.now(); } }',
    },
    {
      name: 'a class Nest never constructs',
      code: provider('', 'private readonly storage: MediaStorage, private readonly key: string'),
    },
    { name: 'another class decorator', code: provider("@Entity('things')", 'name: string') },
    {
      name: 'methods other than the constructor',
      code: '@Injectable() export class X { @Inject(A) a: A; find(id: string) { return id; } }',
    },
  ],
  invalid: [
    {
      name: 'a parameter property without @Inject',
      code: provider('@Injectable()', 'private readonly things: ThingsRepository'),
      errors: [missing('things')],
    },
    {
      name: 'only the parameters without @Inject are reported',
      code: provider(
        '@Injectable()',
        '@Inject(LOGGER) private readonly logger: Logger, repository: ThingsRepository, @Optional() private readonly clock?: Clock',
      ),
      errors: [missing('repository'), missing('clock')],
    },
    {
      name: 'a parameter with a default value',
      code: provider('@Injectable()', 'private readonly everyMs = 15_000'),
      errors: [missing('everyMs')],
    },
    {
      name: 'an @Inject() without a token still reads the emitted metadata',
      code: provider('@Injectable()', '@Inject() private readonly things: ThingsRepository'),
      errors: [{ messageId: 'noToken', data: { param: 'things', owner: 'ThingsService' } }],
    },
    // Every class Nest constructs: a controller, a module, a qualified decorator.
    ...["@Controller('things')", '@Global() @Module({})', '@common.Injectable()'].map((decorator) => ({
      name: `a class decorated ${decorator}`,
      code: provider(decorator, 'private readonly runtime: ServiceRuntime'),
      errors: [missing('runtime')],
    })),
    {
      name: 'a class expression',
      code: 'export const X = @Injectable() class { constructor(things: ThingsService) {} };',
      errors: [missing('things', 'an anonymous class')],
    },
  ],
});
