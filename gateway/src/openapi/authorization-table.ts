import type { OpenAPIObject } from '@nestjs/swagger';
import type { OperationObject } from '@nestjs/swagger/dist/interfaces';

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'] as const;

const ROLE_NAMES: Record<string, string> = { user: 'member', admin: 'admin', super_admin: 'super admin' };

type AccessExtensions = {
  'x-aura-public'?: boolean;
  'x-aura-roles'?: string[];
  'x-aura-refused-while-suspended'?: boolean;
};

/** Who may call an operation, as the global guard decides it (gateway/src/auth/auth.guard.ts). */
export function callerOf(operation: OperationObject): string {
  const access = operation as OperationObject & AccessExtensions;
  if (access['x-aura-public']) return 'anyone';
  const roles = access['x-aura-roles'];
  const who = roles ? roles.map((role) => ROLE_NAMES[role] ?? role).join(', ') : 'member';
  return access['x-aura-refused-while-suspended'] ? `${who}, not while suspended` : who;
}

/** The rule a caller the guard admits can still be refused by (403), as the route documents it. */
function furtherRule(operation: OperationObject): string {
  const forbidden = operation.responses['403'] as { description?: string } | undefined;
  return (forbidden?.description ?? '').replace(/\s+/g, ' ').replace(/\|/g, '\\|');
}

/** docs/authorization.md: every route of the API, who may call it and what else refuses a caller. */
export function renderAuthorizationTable(document: OpenAPIObject): string {
  const rows: string[] = [];
  for (const path of Object.keys(document.paths).sort()) {
    const item = document.paths[path];
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      rows.push(
        `| ${method.toUpperCase()} | \`${path}\` | ${callerOf(operation)} | ${furtherRule(operation)} |`,
      );
    }
  }
  return [
    '# Who may call what',
    '',
    "Every route of the REST API, written from the gateway's controllers by `npm run openapi`",
    '(gateway/src/openapi/authorization-table.ts); a unit test fails when it is not current.',
    '',
    '- **Caller** is what the global guard (gateway/src/auth/auth.guard.ts) checks before the route runs:',
    '  `anyone` needs no token; `member` needs a valid bearer token of an open session (401 otherwise);',
    '  named roles are read from identity at the call, so a promotion or demotion holds at once (403',
    '  "You do not have permission to do this"), and admins also need a second factor when the security',
    '  policy asks for one; "not while suspended" refuses a suspended or banned member with 403.',
    '- **Also refused (403)** is the rule on the data itself, checked by the service that owns it with the',
    '  caller the gateway names (docs/security.md: internal calls and who the member is). A route without',
    '  one may still answer 404 for what the caller may not see.',
    '- Calls between services are in docs/security.md (which service may call which gRPC method).',
    '',
    '| Method | Path | Caller | Also refused (403) |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
