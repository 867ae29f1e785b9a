import { ChannelCredentials, credentials, ServerCredentials } from '@grpc/grpc-js';
import { createPrivateKey, KeyObject, sign, verify, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Who makes an internal call, proven twice (docs/security.md "Internal calls"):
 * - the calling **service**, by mutual TLS: every gRPC server and client presents a certificate of the
 *   internal CA whose common name is the service's name, and a server admits only clients with one;
 * - the **member** on whose behalf the gateway calls, by a caller token the gateway signs with its
 *   certificate's key and every service verifies with the gateway's certificate; it lives a minute,
 *   and metadata naming a member without one is ignored.
 */
export interface InternalCallsConfig {
  /** This process's service name: its certificate's common name. */
  service: string;
  /**
   * ca.crt, gateway.crt, and this service's <service>.crt / <service>.key (deploy/local makes them;
   * the chart mounts them from a Secret).
   */
  tlsDir: string;
}

/** Metadata key of the caller token. */
export const CALLER_TOKEN = 'x-aura-caller';
/** How long a caller token is valid: one request, with the calls it makes. */
const CALLER_TOKEN_TTL_S = 60;
/** Clocks of the gateway and the service may differ by this much. */
const CLOCK_SKEW_S = 30;
/**
 * Signing and verifying a token per call was 6–7 % of the gateway's and identity's CPU samples under
 * load (docs/benchmarks.md): the gateway reuses a member's token for the first half of its life, and
 * a service remembers a token it verified until it expires. At most this many of each are kept.
 */
const TOKENS_KEPT = 10_000;

const ROLES = new Set(['user', 'admin', 'super_admin']);

export interface SignedCaller {
  userId: string;
  role: 'user' | 'admin' | 'super_admin';
}

export class InternalCalls {
  private readonly ca: Buffer;
  private readonly cert: Buffer;
  private readonly key: Buffer;
  /** The gateway's certificate: its public key verifies caller tokens. */
  private readonly gateway: X509Certificate;
  /** The gateway only: the key it signs caller tokens with. */
  private readonly tokenKey?: KeyObject;
  /** The gateway's tokens still worth reusing, by member and role. */
  private readonly signed = new Map<string, { token: string; expires: number }>();
  /** Tokens that verified, with the caller they name, until they expire. */
  private readonly verified = new Map<string, { caller: SignedCaller; expires: number }>();

  constructor(readonly config: InternalCallsConfig) {
    const file = (name: string) => join(config.tlsDir, name);
    this.ca = readFileSync(file('ca.crt'));
    this.cert = readFileSync(file(`${config.service}.crt`));
    this.key = readFileSync(file(`${config.service}.key`));
    this.gateway = new X509Certificate(readFileSync(file('gateway.crt')));
    if (!this.gateway.verify(new X509Certificate(this.ca).publicKey))
      throw new Error(`${file('gateway.crt')} is not signed by the internal CA`);
    if (config.service === 'gateway') this.tokenKey = createPrivateKey(this.key);
  }

  get service(): string {
    return this.config.service;
  }

  /** A server that admits only clients with a certificate of the internal CA. */
  serverCredentials(): ServerCredentials {
    return ServerCredentials.createSsl(this.ca, [{ cert_chain: this.cert, private_key: this.key }], true);
  }

  /** A client that presents this service's certificate and trusts only servers of the internal CA. */
  clientCredentials(): ChannelCredentials {
    return credentials.createSsl(this.ca, this.key, this.cert);
  }

  /**
   * A caller token for `caller` (only the process that holds the signing key: the gateway). A token
   * signed earlier for the same member and role is reused while more than half of its life is left.
   */
  signCaller(caller: SignedCaller): string {
    if (!this.tokenKey)
      throw new Error(`${this.service} cannot sign caller tokens: only the gateway holds the key`);
    const now = Date.now() / 1000;
    const key = `${caller.userId}.${caller.role}`;
    const reusable = this.signed.get(key);
    if (reusable && reusable.expires - now > CALLER_TOKEN_TTL_S / 2) return reusable.token;
    const expires = Math.floor(now) + CALLER_TOKEN_TTL_S;
    const claims = `${key}.${expires}`;
    const signature = sign('sha256', Buffer.from(claims), this.tokenKey).toString('base64url');
    const token = `${claims}.${signature}`;
    keep(this.signed, key, { token, expires });
    return token;
  }

  /** The member a caller token names, when it is the gateway's, intact and not expired. */
  verifyCaller(token: string): SignedCaller | undefined {
    const now = Date.now() / 1000;
    const known = this.verified.get(token);
    if (known) {
      if (known.expires + CLOCK_SKEW_S >= now) return known.caller;
      this.verified.delete(token);
      return undefined;
    }
    const parts = token.split('.');
    if (parts.length !== 4) return undefined;
    const [userId, role, expires, signature] = parts;
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(userId) || !ROLES.has(role) || !/^\d{1,12}$/.test(expires))
      return undefined;
    if (Number(expires) + CLOCK_SKEW_S < now) return undefined;
    if (Number(expires) > now + CALLER_TOKEN_TTL_S + CLOCK_SKEW_S) return undefined;
    const claims = Buffer.from(`${userId}.${role}.${expires}`);
    if (!verify('sha256', claims, this.gateway.publicKey, Buffer.from(signature, 'base64url')))
      return undefined;
    const caller = Object.freeze({ userId, role: role as SignedCaller['role'] });
    keep(this.verified, token, { caller, expires: Number(expires) });
    return caller;
  }
}

/** Sets `key` in `map`, first dropping the oldest entry when TOKENS_KEPT are kept. */
function keep<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  if (map.size >= TOKENS_KEPT) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

let configured: InternalCalls | undefined;

/** Sets this process's identity for internal calls (ServiceRuntime.create and the gateway do it). */
export function configureInternalCalls(config: InternalCallsConfig): InternalCalls {
  configured = new InternalCalls(config);
  return configured;
}

/** This process's identity for internal calls; configured once at start. */
export function internalCalls(): InternalCalls {
  if (!configured)
    throw new Error('internal calls are not configured: call configureInternalCalls() at start');
  return configured;
}

/** Certificates already read: a handful of services call, and parsing one per call costs CPU. */
const knownPeers = new Map<string, string | undefined>();
const KNOWN_PEERS_MAX = 256;

/** The service name a TLS peer certificate proves (its common name), if any. */
export function peerService(certificate: Buffer | undefined | null): string | undefined {
  if (!certificate || certificate.length === 0) return undefined;
  const key = certificate.toString('latin1');
  if (knownPeers.has(key)) return knownPeers.get(key);
  let service: string | undefined;
  try {
    const subject = new X509Certificate(certificate).subject;
    service = /(?:^|\n)CN=([^\n]+)/.exec(subject)?.[1];
  } catch {
    service = undefined;
  }
  if (knownPeers.size >= KNOWN_PEERS_MAX) knownPeers.clear();
  knownPeers.set(key, service);
  return service;
}

/** The internal-calls settings of a service's configuration (see baseConfigSchema). */
export function internalCallsConfig(
  service: string,
  config: { AURA_INTERNAL_TLS_DIR: string },
): InternalCallsConfig {
  return { service, tlsDir: config.AURA_INTERNAL_TLS_DIR };
}
