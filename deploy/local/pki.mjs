// The local internal PKI (docs/security.md "Internal calls"), made once under $AURA_CACHE_DIR/pki with
// openssl and reused by every clone: an internal CA, one certificate per Aura process (common name and
// DNS name = the service: gateway, identity, social, messaging, economy, genies, media, admin); the
// gateway's key also signs caller tokens. `node deploy/local/pki.mjs [dir]` makes it and prints the
// directory.
// The chart makes its own (a Secret); compose runs this script in a one-shot container.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const INTERNAL_SERVICES = [
  'gateway',
  'identity',
  'social',
  'messaging',
  'economy',
  'genies',
  'media',
  'admin',
];
const DAYS = '3650';

function openssl(args, cwd) {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Makes the PKI in `dir` unless it is complete; answers the variables that point the processes at it. */
export function ensureInternalPki(dir) {
  const done = join(dir, '.complete');
  if (!existsSync(done)) {
    const work = `${dir}.tmp-${process.pid}`;
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true, mode: 0o700 });
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
    openssl(
      [
        'req',
        '-x509',
        ...ec,
        '-keyout',
        'ca.key',
        '-out',
        'ca.crt',
        '-days',
        DAYS,
        '-subj',
        '/CN=aura-internal-ca',
      ],
      work,
    );
    for (const service of INTERNAL_SERVICES) {
      openssl(
        ['req', ...ec, '-keyout', `${service}.key`, '-out', `${service}.csr`, '-subj', `/CN=${service}`],
        work,
      );
      writeFileSync(
        join(work, `${service}.ext`),
        `subjectAltName=DNS:${service}\nextendedKeyUsage=serverAuth,clientAuth\nkeyUsage=digitalSignature\n`,
      );
      openssl(
        [
          'x509',
          '-req',
          '-in',
          `${service}.csr`,
          '-CA',
          'ca.crt',
          '-CAkey',
          'ca.key',
          '-CAcreateserial',
          '-out',
          `${service}.crt`,
          '-days',
          DAYS,
          '-extfile',
          `${service}.ext`,
        ],
        work,
      );
      rmSync(join(work, `${service}.csr`));
      rmSync(join(work, `${service}.ext`));
    }
    writeFileSync(join(work, '.complete'), `${new Date().toISOString()}\n`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(work, dir);
  }
  return { AURA_INTERNAL_TLS_DIR: dir };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? join(process.env.AURA_CACHE_DIR || join(homedir(), '.cache', 'aura'), 'pki');
  ensureInternalPki(dir);
  console.log(dir);
}
