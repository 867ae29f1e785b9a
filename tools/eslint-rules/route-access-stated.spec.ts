import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import routeAccessStated = require('./route-access-stated');

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

const controller = (classDecorators: string, methodDecorators: string) => `
  ${classDecorators}
  @Controller('things')
  export class ThingsController {
    ${methodDecorators}
    @Get(':id')
    find(@Param('id') id: string) { return id; }
  }`;

tester.run('route-access-stated', routeAccessStated, {
  valid: [
    { name: 'public route', code: controller('', '@Public()') },
    { name: 'member route', code: controller('', '@SignedIn()') },
    { name: 'refused while suspended', code: controller('', '@RefusedWhileSuspended()') },
    { name: 'role-gated route', code: controller('', "@Roles('admin', 'super_admin')") },
    { name: 'access stated by the class', code: controller('@SignedIn()', '') },
    { name: 'roles on the class', code: controller("@Roles('super_admin')", '') },
    { name: 'a public route in a member class', code: controller('@SignedIn()', '@Public()') },
    { name: 'a route in a public class', code: controller('@Public()', '') },
    {
      name: 'methods that are not routes',
      code: `@Controller('x') export class X { helper() { return 1; } @Get() @Public() list() { return []; } }`,
    },
    { name: 'a class that is no controller', code: `export class Client { @Get() fetch() { return 1; } }` },
  ],
  invalid: [
    {
      name: 'a route that states nothing',
      code: controller('', ''),
      errors: [{ messageId: 'unstated', data: { route: 'find' } }],
    },
    {
      name: 'every route method kind',
      code: `@Controller('x') export class X {
        @Post() a() {} @Put() b() {} @Patch() c() {} @Delete() d() {} @Get() @HttpCode(204) e() {}
      }`,
      errors: ['a', 'b', 'c', 'd', 'e'].map((route) => ({ messageId: 'unstated' as const, data: { route } })),
    },
    {
      name: 'another decorator of the class is no statement of access',
      code: controller("@ApiTags('things')", '@ApiOkResponse()'),
      errors: [{ messageId: 'unstated' }],
    },
    {
      name: 'roles on a route of a public class are ignored by the guard',
      code: controller('@Public()', "@Roles('admin')"),
      errors: [{ messageId: 'ignoredInPublicClass', data: { route: 'find', decorator: 'Roles' } }],
    },
  ],
});
