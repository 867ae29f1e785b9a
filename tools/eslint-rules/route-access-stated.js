// @ts-check
/*
 * Every route of a gateway controller states who may call it, on the method or on its class, with
 * the decorators the global AuthGuard (gateway/src/auth/auth.guard.ts) reads: @Public(), @SignedIn()
 * (its default, a member's token), @RefusedWhileSuspended() or @Roles(...). docs/authorization.md is
 * written from the same decorators.
 *
 * The guard looks at the method first and then the class, so a @Public() class makes every route in
 * it public: a @Roles() or other access decorator on one of its methods would be silently ignored,
 * and is reported too.
 */
const { decoratorName } = require('./decorators');

const ROUTE_DECORATORS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete', 'Head', 'Options', 'All']);
const ACCESS_DECORATORS = new Set(['Public', 'SignedIn', 'RefusedWhileSuspended', 'Roles']);

const namesOf = (node) => (node.decorators ?? []).map(decoratorName);

/** @type {import('eslint').Rule.RuleModule} */
module.exports = {
  meta: {
    type: 'problem',
    docs: { description: 'Every controller route states who may call it (public, member or roles)' },
    messages: {
      unstated:
        "Route '{{route}}' does not state who may call it: put @Public(), @SignedIn(), @RefusedWhileSuspended() or @Roles(...) on it or on its class.",
      ignoredInPublicClass:
        "Route '{{route}}' is in a @Public() class, so the guard lets anyone call it whatever @{{decorator}}() says.",
    },
    schema: [],
  },
  create(context) {
    return {
      MethodDefinition(node) {
        const own = namesOf(node);
        if (!own.some((name) => ROUTE_DECORATORS.has(name))) return;
        const owner = node.parent.parent;
        const onClass = namesOf(owner);
        if (!onClass.includes('Controller')) return;
        const route = node.key.type === 'Identifier' ? node.key.name : context.sourceCode.getText(node.key);
        const ownAccess = own.filter((name) => ACCESS_DECORATORS.has(name));
        if (onClass.includes('Public')) {
          const ignored = ownAccess.find((name) => name !== 'Public');
          if (ignored)
            context.report({
              node: node.key,
              messageId: 'ignoredInPublicClass',
              data: { route, decorator: ignored },
            });
          return;
        }
        if (ownAccess.length === 0 && !onClass.some((name) => ACCESS_DECORATORS.has(name)))
          context.report({ node: node.key, messageId: 'unstated', data: { route } });
      },
    };
  },
};
