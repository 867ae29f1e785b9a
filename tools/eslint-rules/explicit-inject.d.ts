// The rule's type for its TypeScript spec (tsconfig.tests.json); the rule itself is checked JavaScript.
import type { Rule } from 'eslint';

declare const explicitInject: Rule.RuleModule;
export = explicitInject;
