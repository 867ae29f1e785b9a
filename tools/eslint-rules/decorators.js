// @ts-check
/** What the repository's rules share: the name a decorator is called by. */

/**
 * `@Get()`, `@Get`, `@common.Get()` → 'Get'.
 * @param {{ expression: any }} decorator
 * @returns {string | undefined}
 */
function decoratorName(decorator) {
  const target =
    decorator.expression.type === 'CallExpression' ? decorator.expression.callee : decorator.expression;
  if (target.type === 'Identifier') return target.name;
  if (target.type === 'MemberExpression' && target.property.type === 'Identifier')
    return target.property.name;
  return undefined;
}

module.exports = { decoratorName };
