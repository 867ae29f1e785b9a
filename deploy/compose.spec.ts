// docker-compose.yml, the Helm chart's values and the Dockerfile against deploy/aura.env (the one list
// of environment variable names), the apps' config and the workspace layout: every app is there, gets
// only declared variables, gets every variable it needs (with AURA_ENV=production too), listens on
// AURA_BIND_HOST and reaches the other containers by their compose or Service names.
import fs from 'node:fs';
import path from 'node:path';
import { parse, type SchemaOptions } from 'yaml';

const root = path.join(__dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

// Scalars stay the strings the files write (ports, versions, "true"); ~, null and nothing are null.
const YAML_OPTIONS: SchemaOptions = { schema: 'failsafe', customTags: ['null'], merge: true };
type Yaml = string | null | Yaml[] | Mapping;
interface Mapping {
  [key: string]: Yaml;
}
const isMapping = (value: Yaml | undefined): value is Mapping =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const readYaml = (file: string) => parse(read(file), YAML_OPTIONS) as Mapping;

// ---- deploy/aura.env ----------------------------------------------------------------------------

function readEnvFile(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    // A quoted value ("Aura <no-reply@aura.local>") without its quotes, as deploy/local/env.sh reads it.
    if (match) values.set(match[1], match[2].replace(/^"(.*)"$|^'(.*)'$/, '$1$2'));
  }
  return values;
}

// ---- the files under test ---------------------------------------------------------------------

const auraEnv = readEnvFile(read('deploy/aura.env'));
const composeText = read('docker-compose.yml');
const compose = parse(composeText, YAML_OPTIONS) as Mapping;
const services = compose.services as Mapping;
const service = (name: string): Mapping => (isMapping(services[name]) ? services[name] : {});

/** The services: every folder of services/ (the chassis library is in packages/). */
const serviceFolders = fs
  .readdirSync(path.join(root, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Aura's long-running processes: compose name -> the part the Aura server runs there (AURA_TARGET). */
const apps = new Map<string, string>([
  ...serviceFolders.map((name): [string, string] => [name, name]),
  ['gateway', 'gateway'],
]);

/** Containers of the image built from deploy/docker/Dockerfile (the apps and the setup jobs). */
const auraImageServices = Object.keys(services).filter((name) => {
  const build = service(name).build;
  return isMapping(build) && build.dockerfile === 'deploy/docker/Dockerfile';
});

function environment(name: string): Map<string, string> {
  const env = service(name).environment;
  if (Array.isArray(env))
    return new Map(env.map((entry) => String(entry).split(/=(.*)/s).slice(0, 2) as [string, string]));
  return new Map(Object.entries(isMapping(env) ? env : {}).map(([key, val]) => [key, String(val ?? '')]));
}

const hostOf = (address: string) => new URL(address.includes('://') ? address : `tcp://${address}`).hostname;
const portOf = (address: string) => new URL(address.includes('://') ? address : `tcp://${address}`).port;
const isOneShot = (name: string) => service(name).restart === 'no';
/** Long-running containers whose images have no shell or HTTP client to check themselves with. */
const NO_HEALTHCHECK = ['jaeger', 'otel-collector'];
const grpcUrl = (name: string) => `${name.toUpperCase()}_GRPC_URL`;
const httpPort = (name: string) => `${name.toUpperCase()}_HTTP_PORT`;
/** The port of aura.env's value of a host:port or URL variable. */
const auraPort = (key: string) => portOf(auraEnv.get(key) ?? '');

// ---- what each app reads ------------------------------------------------------------------------

/** The config file of an app (its loadConfig schema) and the chassis' shared one. */
const configFile = (name: string) =>
  name === 'gateway' ? 'gateway/src/config.ts' : `services/${name}/src/config.ts`;
const PLATFORM_CONFIG = 'packages/platform/src/config/config.ts';

/** The variable names a config file's zod schema declares: the `NAME:` keys of its object literals. */
function schemaKeys(file: string): string[] {
  const text = fs.existsSync(path.join(root, file)) ? read(file) : '';
  return [...new Set([...text.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]))];
}

/** Every variable an app's code reads through its config: the chassis' and its own. */
const configVariables = (name: string) => [
  ...new Set([...schemaKeys(PLATFORM_CONFIG), ...schemaKeys(configFile(name))]),
];

/**
 * Read by the apps but deliberately left to their defaults by compose and the chart: test-run
 * isolation (database suffix, consumer group prefix, where a new group starts), where the gateway
 * finds the web app (the image has it at the default place), and the signing key as a PEM variable
 * (both deploy files use the _FILE one).
 */
const LEFT_TO_DEFAULTS = [
  'AURA_DB_SUFFIX',
  'KAFKA_GROUP_PREFIX',
  'KAFKA_NEW_GROUP_START',
  'AURA_WEB_DIST',
  'AURA_JWT_PRIVATE_KEY',
];

/** Every variable an app must be given: what its config reads (less LEFT_TO_DEFAULTS), its listen ports. */
function requiredVariables(name: string): string[] {
  const listens = serviceFolders.includes(name) ? [grpcUrl(name), httpPort(name)] : [];
  const reads = configVariables(name).filter(
    (key) => !LEFT_TO_DEFAULTS.includes(key) && (key !== 'REDIS_URL' || usesRedis(name)),
  );
  return [...new Set([...reads, ...listens])];
}

/** The 'NAME' strings of the first `[...]` after `pattern` in a source file ([] when absent). */
function namesIn(file: string, pattern: RegExp): string[] {
  const text = fs.existsSync(path.join(root, file)) ? read(file) : '';
  const list = new RegExp(`${pattern.source}\\s*\\[([^\\]]*)\\]`).exec(text)?.[1] ?? '';
  return [...list.matchAll(/'([A-Z0-9_]+)'/g)].map((match) => match[1]);
}

/**
 * What an app refuses to start without when AURA_ENV=production, read from the code: loadConfig's
 * SECRETS_REQUIRED_IN_PRODUCTION (every app), the app's own requiredInProduction, and identity's
 * signing key (one of two variables; the deploy files use the _FILE one).
 */
const requiredByEveryAppInProduction = namesIn(
  'packages/platform/src/config/config.ts',
  /SECRETS_REQUIRED_IN_PRODUCTION\s*=/,
);
/** Whether the app connects to Redis (its config says `usesRedis: true`: REDIS_URL with a password in production). */
function usesRedis(name: string): boolean {
  return /usesRedis: true/.test(read(configFile(name)));
}
function requiredInProduction(name: string): string[] {
  const config = configFile(name);
  return [
    ...requiredByEveryAppInProduction,
    ...namesIn(config, /requiredInProduction:/),
    ...(usesRedis(name) ? ['REDIS_URL'] : []),
    ...(name === 'identity' ? ['AURA_JWT_PRIVATE_KEY_FILE'] : []),
  ];
}

// ---- the checks --------------------------------------------------------------------------------

describe('docker-compose.yml', () => {
  it('runs every service folder and the gateway, each as the Aura server with its AURA_TARGET', () => {
    expect(serviceFolders).toContain('identity');
    for (const [name, target] of apps) {
      // No command: the image's, the Aura server (ADR 0014), running the part AURA_TARGET names.
      expect({ name, command: service(name).command, target: environment(name).get('AURA_TARGET') }).toEqual({
        name,
        command: undefined,
        target,
      });
      expect({ name, auraImage: auraImageServices.includes(name) }).toEqual({ name, auraImage: true });
    }
  });

  it("gives Aura's containers only variables declared in deploy/aura.env", () => {
    for (const name of auraImageServices) {
      const undeclared = [...environment(name).keys()].filter((key) => !auraEnv.has(key));
      expect({ name, undeclared }).toEqual({ name, undeclared: [] });
    }
  });

  it('sets every variable each app needs', () => {
    for (const name of apps.keys()) {
      const required = requiredVariables(name);
      expect({ name, notInAuraEnv: required.filter((key) => !auraEnv.has(key)) }).toEqual({
        name,
        notInAuraEnv: [],
      });
      const env = environment(name);
      expect({ name, missing: required.filter((key) => !env.has(key)) }).toEqual({ name, missing: [] });
    }
  });

  it('passes explicitly what each app requires with AURA_ENV=production', () => {
    expect(requiredByEveryAppInProduction).toEqual(
      expect.arrayContaining(['S3_ACCESS_KEY', 'S3_SECRET_KEY']),
    );
    expect(requiredInProduction('identity')).toContain('AURA_SUPER_ADMIN_PASSWORD');
    for (const name of apps.keys()) {
      const env = environment(name);
      // "${X:-fallback}" with a non-empty fallback is never empty.
      const unset = requiredInProduction(name).filter((key) => !/[^\s]/.test(env.get(key) ?? ''));
      expect({ name, unset }).toEqual({ name, unset: [] });
    }
  });

  it('points the apps at the compose services, never at the host', () => {
    // Identity sends its mail to the catcher (Mailpit), a compose service too.
    expect(environment('identity').get('SMTP_URL')).toBe('smtp://mailpit:1025');
    for (const name of apps.keys()) {
      const env = environment(name);
      const endpoints = [
        env.get('MONGODB_URI') ?? '',
        env.get('REDIS_URL') ?? '',
        env.get('S3_ENDPOINT') ?? '',
        ...(env.get('KAFKA_BROKERS') ?? '').split(','),
        ...(env.has('SMTP_URL') ? [env.get('SMTP_URL') ?? ''] : []),
      ];
      for (const endpoint of endpoints)
        expect({ name, endpoint, host: hostOf(endpoint) in services }).toEqual({
          name,
          endpoint,
          host: true,
        });
      expect(env.get('MONGODB_URI')).toContain('replicaSet=rs0');
    }
    expect(service('mongo').command).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
    // A killed service's open transaction frees its documents after 10 s, not MongoDB's 60 s.
    expect(service('mongo').command).toEqual(
      expect.arrayContaining(['--setParameter', 'transactionLifetimeLimitSeconds=10']),
    );
  });

  it('listens on every interface and dials each service by its compose name', () => {
    for (const name of apps.keys()) {
      const env = environment(name);
      expect({ name, AURA_BIND_HOST: env.get('AURA_BIND_HOST') }).toEqual({
        name,
        AURA_BIND_HOST: '0.0.0.0',
      });
      // <NAME>_GRPC_URL is where the others dial; the service listens on its port. The same value in
      // every container that has it, the service's own included.
      for (const other of serviceFolders)
        if (env.has(grpcUrl(other)))
          expect({ name, [grpcUrl(other)]: env.get(grpcUrl(other)) }).toEqual({
            name,
            [grpcUrl(other)]: `${other}:${auraPort(grpcUrl(other))}`,
          });
    }
    for (const name of serviceFolders)
      expect(environment(name).get(httpPort(name))).toBe(auraEnv.get(httpPort(name)));
  });

  it("uses aura.env's values as the defaults of interpolated variables", () => {
    const interpolated = [...composeText.matchAll(/(?<!\$)\$\{([A-Za-z0-9_]+)(?::?-([^}]*))?\}/g)];
    expect(interpolated.length).toBeGreaterThan(0);
    for (const [text, key, fallback] of interpolated) {
      expect({ text, declared: auraEnv.has(key) }).toEqual({ text, declared: true });
      expect({ text, fallback: fallback ?? '' }).toEqual({ text, fallback: auraEnv.get(key) });
    }
  });

  it('checks the health of every long-running container and starts each after what it needs', () => {
    for (const name of Object.keys(services).filter(
      (name) => !isOneShot(name) && !NO_HEALTHCHECK.includes(name),
    )) {
      const healthcheck = service(name).healthcheck;
      const test = isMapping(healthcheck) ? healthcheck.test : undefined;
      expect({ name, hasHealthcheck: Array.isArray(test) && test.length > 1 }).toEqual({
        name,
        hasHealthcheck: true,
      });
    }
    for (const name of serviceFolders) {
      const port = environment(name).get(`${name.toUpperCase()}_HTTP_PORT`);
      expect((service(name).healthcheck as Mapping).test).toContainEqual(
        expect.stringContaining(`http://127.0.0.1:${port}/health/ready`),
      );
    }
    // The gateway's readiness is on its internal port, never the public one.
    expect(environment('gateway').get('GATEWAY_HTTP_PORT')).toBe(auraEnv.get('GATEWAY_HTTP_PORT'));
    expect((service('gateway').healthcheck as Mapping).test).toContainEqual(
      expect.stringContaining("process.env.GATEWAY_HTTP_PORT + '/health/ready'"),
    );

    for (const [name, definition] of Object.entries(services)) {
      const dependsOn = isMapping(definition) ? definition.depends_on : null;
      for (const [dependency, options] of Object.entries(isMapping(dependsOn) ? dependsOn : {})) {
        const expected = isOneShot(dependency)
          ? 'service_completed_successfully'
          : NO_HEALTHCHECK.includes(dependency)
            ? 'service_started'
            : 'service_healthy';
        expect({ name, dependency, condition: isMapping(options) ? options.condition : options }).toEqual({
          name,
          dependency,
          condition: expected,
        });
      }
    }
    for (const name of apps.keys())
      expect({ name, dependsOn: isMapping(service(name).depends_on) }).toEqual({ name, dependsOn: true });
    expect(Object.keys(service('gateway').depends_on as Mapping)).toEqual(
      expect.arrayContaining(serviceFolders),
    );
  });

  it("publishes only the gateway's, Grafana's and the mail catcher's ports, on loopback", () => {
    const publishing = Object.keys(services).filter((name) => service(name).ports != null);
    expect(publishing.sort()).toEqual(['gateway', 'grafana', 'mailpit']);
    for (const name of publishing)
      for (const port of service(name).ports as string[]) expect(port).toMatch(/^127\.0\.0\.1:/);
  });

  it('declares in aura.env every variable the apps read, and starts no Aura service without it', () => {
    // The schema reader finds what it should (guards the regular expression).
    expect(configVariables('identity')).toEqual(
      expect.arrayContaining(['MONGODB_URI', 'AURA_SUPER_ADMIN_PASSWORD', 'IDENTITY_HTTP_PORT']),
    );
    expect(configVariables('economy')).toEqual(
      expect.arrayContaining([
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'STRIPE_API_BASE',
        'PAYMENTS_ALLOWED_ORIGINS',
      ]),
    );
    for (const name of apps.keys()) {
      const undeclared = configVariables(name).filter((key) => !auraEnv.has(key));
      expect({ name, config: configFile(name), undeclared }).toEqual({
        name,
        config: configFile(name),
        undeclared: [],
      });
    }
    for (const key of LEFT_TO_DEFAULTS)
      expect({ key, declared: auraEnv.has(key) }).toEqual({ key, declared: true });
  });

  it('gives identity its signing key as a secret file that git ignores', () => {
    const secrets = compose.secrets as Mapping;
    const [secretName] = service('identity').secrets as string[];
    expect(environment('identity').get('AURA_JWT_PRIVATE_KEY_FILE')).toBe(`/run/secrets/${secretName}`);
    const file = (secrets[secretName] as Mapping).file as string;
    expect(path.dirname(path.normalize(file))).toBe(path.normalize('deploy/docker/secrets'));
    const ignore = read('deploy/docker/secrets/.gitignore')
      .split('\n')
      .map((line) => line.trim());
    expect(ignore).toEqual(expect.arrayContaining(['*', '!.gitignore']));
  });
});

describe('observability in docker-compose.yml', () => {
  const mounts = (name: string) =>
    new Map(
      ((service(name).volumes ?? []) as string[]).map((volume) => {
        const [from, to] = volume.split(':');
        return [to, from];
      }),
    );
  const exists = (file: string) => fs.existsSync(path.join(root, file));

  it("sends every app's traces to the collector, which forwards them to the trace store", () => {
    for (const name of apps.keys())
      expect({ name, otlp: environment(name).get('OTEL_EXPORTER_OTLP_ENDPOINT') }).toEqual({
        name,
        otlp: 'http://otel-collector:4318',
      });
    const config = readYaml('deploy/otel/collector.yaml');
    const collector = mounts('otel-collector');
    expect(collector.get('/etc/otelcol/collector.yaml')).toBe('./deploy/otel/collector.yaml');
    expect(service('otel-collector').command).toContain('--config=/etc/otelcol/collector.yaml');
    const exporters = config.exporters as Mapping;
    const traces = ((config.service as Mapping).pipelines as Mapping).traces as Mapping;
    const traceExporters = (traces.exporters as string[]).map((name) => exporters[name] as Mapping);
    expect(traceExporters.map((exporter) => hostOf(String(exporter.endpoint)))).toEqual(['jaeger']);
    expect(String((((config.receivers as Mapping).otlp as Mapping).protocols as Mapping).http && 'ok')).toBe(
      'ok',
    );
  });

  it("has Prometheus scrape every app's /metrics on the port it serves it on, and the collector", () => {
    expect(mounts('prometheus').get('/etc/prometheus/prometheus.yml')).toBe(
      './deploy/prometheus/prometheus.yml',
    );
    const config = readYaml('deploy/prometheus/prometheus.yml');
    const targets = (config.scrape_configs as Mapping[]).flatMap((job) =>
      ((job.static_configs ?? []) as Mapping[]).flatMap((group) =>
        (group.targets as string[]).map((target) => `${String(job.metrics_path ?? '/metrics')} ${target}`),
      ),
    );
    for (const name of serviceFolders)
      expect(targets).toContain(`/metrics ${name}:${auraEnv.get(httpPort(name))}`);
    // The gateway's on its internal port: the public one has no /metrics.
    expect(targets).toContain(`/metrics gateway:${auraEnv.get('GATEWAY_HTTP_PORT')}`);
    expect(targets).not.toContain(`/metrics gateway:${auraEnv.get('GATEWAY_PORT')}`);
    expect(targets).toContain('/metrics otel-collector:8888');
  });

  it("provisions Grafana from the chart's dashboards and alert rules, with the data sources they name", () => {
    const grafana = mounts('grafana');
    expect(grafana.get('/var/lib/grafana/dashboards/aura')).toBe('./charts/aura/dashboards');
    expect(grafana.get('/etc/grafana/provisioning/alerting')).toBe('./charts/aura/alerts');
    for (const [to, from] of grafana)
      if (from.startsWith('./'))
        expect({ to, from, exists: exists(from) }).toEqual({ to, from, exists: true });
    const provider = readYaml('deploy/grafana/provisioning/dashboards/aura.yaml');
    expect(((provider.providers as Mapping[])[0].options as Mapping).path).toBe(
      '/var/lib/grafana/dashboards/aura',
    );
    const sources = readYaml('deploy/grafana/provisioning/datasources/aura.yaml');
    const byUid = new Map((sources.datasources as Mapping[]).map((source) => [source.uid, source]));
    expect(hostOf(String(byUid.get('prometheus')?.url))).toBe('prometheus');
    expect(hostOf(String(byUid.get('jaeger')?.url))).toBe('jaeger');
    expect(Object.keys(service('grafana').depends_on as Mapping)).toContain('prometheus');
  });
});

describe('deploy/docker/Dockerfile', () => {
  /** Names set by ENV instructions (continued lines included). */
  const dockerfile = read('deploy/docker/Dockerfile');
  const envInstructions = [...dockerfile.replace(/\\\n/g, ' ').matchAll(/^ENV\s+(.*)$/gm)].map((m) => m[1]);
  const imageEnv = new Map(
    envInstructions
      .flatMap((line) => [...line.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S*)/g)])
      .map((m) => [m[1], m[2]]),
  );

  it("sets only aura.env's names besides Node's, npm's and the image's own APP", () => {
    const notAura = (key: string) => /^(NODE_ENV|APP|SCARF_ANALYTICS|npm_config_\w+)$/.test(key);
    const undeclared = [...imageEnv.keys()].filter((key) => !notAura(key) && !auraEnv.has(key));
    expect(undeclared).toEqual([]);
  });

  it('makes every server listen on every interface', () => {
    expect(imageEnv.get('AURA_BIND_HOST')).toBe('0.0.0.0');
    expect(dockerfile).not.toMatch(/GATEWAY_HOST|_GRPC_URL=/);
  });
});

describe('charts/aura/values.yaml', () => {
  const values = readYaml('charts/aura/values.yaml');
  const mapping = (value: Yaml | undefined): Mapping => (isMapping(value) ? value : {});
  const sharedEnv = mapping(values.env);
  const defaults = mapping(values.default);
  const components = mapping(values.components);
  /** A component merged over `default` the way templates/service.yaml does (maps key by key). */
  const component = (name: string) => {
    const own = mapping(components[name]);
    const merged = (key: string) => ({ ...mapping(defaults[key]), ...mapping(own[key]) });
    return {
      own,
      args: (own.args ?? defaults.args) as string[],
      ports: merged('ports'),
      env: merged('env'),
      secretEnv: merged('secretEnv'),
      probes: merged('probes'),
    };
  };
  /** Every variable a component's container gets: the ConfigMap, its own env, its Secret keys. */
  const containerEnv = (name: string) =>
    new Set([
      ...Object.keys(sharedEnv),
      ...Object.keys(component(name).env),
      ...Object.keys(component(name).secretEnv),
    ]);

  it('has a component for every service folder and the gateway, each the Aura server with its AURA_TARGET', () => {
    // No args: the image's command, the Aura server (ADR 0014); the template names the part.
    for (const [name] of apps) expect({ name, args: component(name).args }).toEqual({ name, args: [] });
    const template = read('charts/aura/templates/components.yaml');
    expect(template).toMatch(/- name: AURA_TARGET\n\s+value: \{\{ \$name \| quote \}\}/);
    // The committed rendering: every Deployment's container runs its own part.
    const rendered = read('charts/aura/rendered/example.yaml');
    for (const [name, target] of apps)
      expect({
        name,
        rendered: rendered.includes(`- name: AURA_TARGET\n              value: "${target}"`),
      }).toEqual({
        name,
        rendered: true,
      });
  });

  it('uses only names declared in deploy/aura.env', () => {
    const undeclared = (keys: string[]) => keys.filter((key) => !auraEnv.has(key));
    expect({ env: undeclared(Object.keys(sharedEnv)) }).toEqual({ env: [] });
    for (const name of ['default', ...Object.keys(components)]) {
      const entry = name === 'default' ? defaults : mapping(components[name]);
      for (const key of ['env', 'secretEnv'])
        expect({ name, key, undeclared: undeclared(Object.keys(mapping(entry[key]))) }).toEqual({
          name,
          key,
          undeclared: [],
        });
    }
  });

  it('sets every variable each app needs', () => {
    for (const name of apps.keys()) {
      const env = containerEnv(name);
      expect({ name, missing: requiredVariables(name).filter((key) => !env.has(key)) }).toEqual({
        name,
        missing: [],
      });
    }
  });

  it('runs in production and takes what production requires from Secrets, never from the ConfigMap', () => {
    expect(sharedEnv.AURA_ENV).toBe('production');
    const secrets = mapping(values.secrets);
    expect(typeof secrets.existingSecret === 'string' && secrets.existingSecret !== '').toBe(true);
    // When the chart makes the Secret itself, it has a value for every key a component takes.
    const secretKeys = Object.keys(mapping(secrets.values));
    for (const name of apps.keys())
      for (const ref of Object.values(component(name).secretEnv)) {
        const key = isMapping(ref) ? String(ref.key) : String(ref);
        expect({ name, key, inSecretsValues: secretKeys.includes(key) }).toEqual({
          name,
          key,
          inSecretsValues: true,
        });
      }
    for (const name of apps.keys()) {
      const { env, secretEnv, own } = component(name);
      for (const key of requiredInProduction(name)) {
        if (key === 'AURA_JWT_PRIVATE_KEY_FILE') {
          // A file of a mounted Secret volume.
          const mounts = (own.volumeMounts ?? []) as Mapping[];
          const volumes = (own.volumes ?? []) as Mapping[];
          const mount = mounts.find((m) => String(env[key]).startsWith(`${String(m.mountPath)}/`));
          const volume = volumes.find((v) => v.name === mount?.name);
          expect({ name, key, secretVolume: isMapping(volume?.secret) }).toEqual({
            name,
            key,
            secretVolume: true,
          });
        } else {
          expect({ name, key, fromSecret: typeof secretEnv[key] === 'string' }).toEqual({
            name,
            key,
            fromSecret: true,
          });
        }
        expect({ name, key, inConfigMap: key in sharedEnv && key !== 'AURA_JWT_PRIVATE_KEY_FILE' }).toEqual({
          name,
          key,
          inConfigMap: false,
        });
      }
    }
  });

  it('listens on every interface and dials each service by its Service name', () => {
    expect(sharedEnv.AURA_BIND_HOST).toBe('0.0.0.0');
    for (const name of serviceFolders) {
      const { ports, env } = component(name);
      expect(sharedEnv[grpcUrl(name)]).toBe(`{{ .Release.Name }}-${name}:${auraPort(grpcUrl(name))}`);
      expect({ name, ports }).toEqual({
        name,
        ports: { grpc: auraPort(grpcUrl(name)), health: auraEnv.get(httpPort(name)) },
      });
      expect(env[httpPort(name)]).toBe(auraEnv.get(httpPort(name)));
    }
    // A component never overrides where a service is dialled (it listens on AURA_BIND_HOST instead).
    for (const name of apps.keys())
      expect({
        name,
        overrides: Object.keys(component(name).env).filter((key) => key.endsWith('_GRPC_URL')),
      }).toEqual({
        name,
        overrides: [],
      });
    expect(component('gateway').ports).toEqual({
      http: auraEnv.get('GATEWAY_PORT'),
      health: auraEnv.get('GATEWAY_HTTP_PORT'),
    });
    expect(component('gateway').env.GATEWAY_PORT).toBe(auraEnv.get('GATEWAY_PORT'));
    expect(component('gateway').env.GATEWAY_HTTP_PORT).toBe(auraEnv.get('GATEWAY_HTTP_PORT'));
    expect(component('gateway').env.AURA_TRUST_PROXY).toEqual(expect.any(String));
  });

  it('probes every app, the gateway too, on /health/ready and /health/live of its health port', () => {
    const httpGet = (probe: Yaml | undefined) => mapping(mapping(probe).httpGet);
    for (const name of [...serviceFolders, 'gateway']) {
      const { probes } = component(name);
      expect(httpGet(probes.readiness)).toEqual({ path: '/health/ready', port: 'health' });
      expect(httpGet(probes.startup)).toEqual({ path: '/health/ready', port: 'health' });
      expect(httpGet(probes.liveness)).toEqual({ path: '/health/live', port: 'health' });
    }
    // Prometheus scrapes the gateway's health port too, never the port the Ingress routes.
    expect(mapping(components.gateway).metricsPort ?? defaults.metricsPort).toBe('health');
  });
});
