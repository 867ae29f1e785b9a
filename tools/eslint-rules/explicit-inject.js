// @ts-check
/*
 * ADR 0012 (docs/adr/0012-service-skeleton.md): every part of a service is a Nest class whose
 * constructor names what it needs with @Inject(...), so that nothing depends on the type metadata
 * the compiler emits (emitDecoratorMetadata): a parameter whose type is only imported as a type, an
 * interface, a circular import or a build without that metadata would otherwise be constructed with
 * `undefined`, and only at run time.
 *
 * Reported: a constructor parameter of a class Nest constructs (@Injectable(), which the services'
 * gRPC controllers carry too, @Controller(), @Module(), @Catch(), @WebSocketGateway(), @Resolver())
 * without @Inject(token), or with an @Inject() that names no token (Nest then reads the metadata
 * after all). @Optional() stays beside @Inject(token).
 */
const { decoratorName } = require('./decorators');

const NEST_CLASS_DECORATORS = new Set([
  'Injectable',
  'Controller',
  'Module',
  'Catch',
  'WebSocketGateway',
  'Resolver',
]);

/** The parameter's name: `private readonly a: A = x` → 'a'; a pattern → its source text. */
function parameterName(param, sourceCode) {
  let target = param.type === 'TSParameterProperty' ? param.parameter : param;
  if (target.type === 'AssignmentPattern') target = target.left;
  if (target.type === 'RestElement') target = target.argument;
  return target.type === 'Identifier' ? target.name : sourceCode.getText(target);
}

/** @type {import('eslint').Rule.RuleModule} */
module.exports = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Every constructor parameter of a Nest provider or controller names its token with @Inject(...) (ADR 0012)',
    },
    messages: {
      missing:
        "Constructor parameter '{{param}}' of {{owner}} has no @Inject(token): name what Nest injects explicitly instead of relying on emitted type metadata (docs/adr/0012-service-skeleton.md).",
      noToken:
        "Constructor parameter '{{param}}' of {{owner}} has an @Inject() without a token, so Nest still reads the emitted type metadata: name the class or token (docs/adr/0012-service-skeleton.md).",
    },
    schema: [],
  },
  create(context) {
    const check = (node) => {
      if (node.kind !== 'constructor') return;
      const owner = node.parent.parent;
      if (!(owner.decorators ?? []).some((decorator) => NEST_CLASS_DECORATORS.has(decoratorName(decorator))))
        return;
      const ownerName = owner.id ? owner.id.name : 'an anonymous class';
      for (const param of node.value.params) {
        const inject = (param.decorators ?? []).find((decorator) => decoratorName(decorator) === 'Inject');
        const data = { param: parameterName(param, context.sourceCode), owner: ownerName };
        if (!inject) context.report({ node: param, messageId: 'missing', data });
        else if (inject.expression.type !== 'CallExpression' || inject.expression.arguments.length === 0)
          context.report({ node: inject, messageId: 'noToken', data });
      }
    };
    return { MethodDefinition: check };
  },
};
