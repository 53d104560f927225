import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { dataServices, processes, repoRoot, serviceDatabaseUrl } from '@bracelet/devstack';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import * as models from 'kubernetes-models';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

// Issue 13's checks on what ops run: the Kubernetes overlays (rendered by `kubectl kustomize`,
// every object validated against the Kubernetes schemas of kubernetes-models, then the policies
// below), compose.yaml (the compose specification's JSON schema, vendored in tests/fixtures), the
// same set of processes in `npm start`, compose.yaml and k8s/, and the image's migration entry
// point (scripts/migrate.ts). Every policy is also run on a broken copy, to show it can fail.

const execFileAsync = promisify(execFile);
const overlays = ['dev', 'prod'] as const;
type Overlay = (typeof overlays)[number];
const namespaceOf: Record<Overlay, string> = { dev: 'bracelet-dev', prod: 'bracelet' };

// ---------------------------------------------------------------------------------------------
// Kubernetes objects, as far as the checks read them.

type Labels = Record<string, string>;
type Selector = {
  matchLabels?: Labels;
  matchExpressions?: Array<{ key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }>;
};
type Probe = { httpGet?: { path?: string; port: number | string }; exec?: { command: string[] }; tcpSocket?: unknown };
type SecurityContext = {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  allowPrivilegeEscalation?: boolean;
  readOnlyRootFilesystem?: boolean;
  privileged?: boolean;
  capabilities?: { drop?: string[]; add?: string[] };
  seccompProfile?: { type: string };
};
type EnvVar = {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
  };
};
type Container = {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  ports?: Array<{ name?: string; containerPort: number; protocol?: string }>;
  env?: EnvVar[];
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: SecurityContext;
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] }; sleep?: { seconds: number } } };
  volumeMounts?: Array<{ name: string; mountPath: string }>;
};
type PodSpec = {
  containers: Container[];
  initContainers?: Container[];
  securityContext?: SecurityContext;
  terminationGracePeriodSeconds?: number;
  automountServiceAccountToken?: boolean;
  topologySpreadConstraints?: unknown[];
  hostNetwork?: boolean;
  hostPID?: boolean;
  hostIPC?: boolean;
  volumes?: Array<{ name: string; secret?: { secretName: string } }>;
};
type PodTemplate = { metadata?: { labels?: Labels }; spec: PodSpec };
type Rule = {
  from?: Peer[];
  to?: Peer[];
  ports?: Array<{ protocol?: string; port?: number | string; endPort?: number }>;
};
type Peer = { podSelector?: Selector; namespaceSelector?: Selector; ipBlock?: { cidr: string; except?: string[] } };
type IngressBackend = { service?: { name: string; port: { name?: string; number?: number } } };
type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Labels; annotations?: Record<string, string> };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  // The kinds read below, one optional field each: the checks narrow by `kind`.
  spec?: {
    // workloads
    replicas?: number;
    selector?: Selector;
    template?: PodTemplate;
    // Service
    ports?: Array<{ name?: string; port: number; targetPort?: number | string }>;
    // PodDisruptionBudget
    minAvailable?: number | string;
    maxUnavailable?: number | string;
    // HorizontalPodAutoscaler
    scaleTargetRef?: { apiVersion: string; kind: string; name: string };
    minReplicas?: number;
    maxReplicas?: number;
    // Ingress
    tls?: Array<{ hosts?: string[]; secretName?: string }>;
    rules?: Array<{ host?: string; http?: { paths: Array<{ path?: string; backend: IngressBackend }> } }>;
    defaultBackend?: IngressBackend;
    // NetworkPolicy
    podSelector?: Selector;
    policyTypes?: string[];
    ingress?: Rule[];
    egress?: Rule[];
  };
};

const productLabel = 'app.kubernetes.io/part-of';
const nameLabel = 'app.kubernetes.io/name';
const workloadKinds = ['Deployment', 'StatefulSet', 'DaemonSet', 'Job'];

const ofKind = (manifests: Manifest[], kind: string) => manifests.filter((manifest) => manifest.kind === kind);
const isWorkload = (manifest: Manifest) => workloadKinds.includes(manifest.kind) && manifest.spec?.template !== undefined;
const podOf = (manifest: Manifest): PodTemplate => manifest.spec?.template as PodTemplate;
const podLabels = (manifest: Manifest): Labels => podOf(manifest).metadata?.labels ?? {};
const allContainers = (pod: PodSpec) => [...(pod.initContainers ?? []), ...pod.containers];
/** The Deployments of the product's own processes (the dev overlay's mail catcher is not one). */
const productDeployments = (manifests: Manifest[]) =>
  ofKind(manifests, 'Deployment').filter((deployment) => deployment.metadata.labels?.[productLabel] === 'bracelet');
const mainContainer = (manifest: Manifest): Container => {
  const { containers } = podOf(manifest).spec;
  return containers.find((container) => container.name === manifest.metadata.name) ?? (containers[0] as Container);
};
const isProductImage = (image: string | undefined) => (image ?? '').split('@')[0]?.split(':')[0]?.split('/').pop() === 'bracelet';

function selects(selector: Selector | undefined, labels: Labels): boolean {
  if (!selector) return true;
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    const value = labels[key];
    if (operator === 'In') return value !== undefined && values.includes(value);
    if (operator === 'NotIn') return value === undefined || !values.includes(value);
    if (operator === 'Exists') return value !== undefined;
    return value === undefined;
  });
  return byLabels && byExpressions;
}
/** A Service's selector is a plain label map (not matchLabels); an empty one selects nothing. */
function serviceSelects(service: Manifest, labels: Labels): boolean {
  const selector = (service.spec?.selector ?? {}) as Labels;
  return Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels[key] === value);
}
const isEmptySelector = (selector: Selector | undefined) =>
  Object.keys(selector?.matchLabels ?? {}).length === 0 && (selector?.matchExpressions ?? []).length === 0;

// ---------------------------------------------------------------------------------------------
// Rendering and schema validation.

/** `kubectl kustomize <dir>`; a missing kubectl is a failure that says so, never a skip. */
function kustomize(dir: string, env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new Error(
      'kubectl is not installed: the checks of k8s/ render each overlay with `kubectl kustomize` (kubectl ≥ 1.27, embedded kustomize v5). Install kubectl (it is part of this project’s machine kind) and run npm test again.',
    );
  }
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`kubectl kustomize ${dir} failed:\n${result.stderr}`);
  return result.stdout;
}

function parseManifests(text: string): Manifest[] {
  return parseAllDocuments(text).flatMap((document) => {
    if (document.errors.length > 0) throw new Error(`unparsable YAML: ${document.errors.map((error) => error.message).join('; ')}`);
    const value = document.toJS() as Manifest | null;
    return value ? [value] : [];
  });
}

const renderCache = new Map<Overlay, Manifest[]>();
function render(overlay: Overlay): Manifest[] {
  let manifests = renderCache.get(overlay);
  if (!manifests) {
    manifests = parseManifests(kustomize(join(repoRoot, 'k8s/overlays', overlay)));
    renderCache.set(overlay, manifests);
  }
  return structuredClone(manifests);
}

type Model = new (data: unknown) => { validate(): void };
/** kubernetes-models' class for an apiVersion and kind: models.apps.v1.Deployment, models.networkingK8sIo.v1.NetworkPolicy… */
function modelFor(apiVersion: string, kind: string): Model | undefined {
  const [group, version] = apiVersion.includes('/') ? (apiVersion.split('/') as [string, string]) : ['', apiVersion];
  const groupKey = group
    .split('.')
    .map((part, index) => (index === 0 ? part : `${part.charAt(0).toUpperCase()}${part.slice(1)}`))
    .join('');
  const root = models as unknown as Record<string, Record<string, Record<string, unknown>>>;
  const versions = groupKey === '' ? root : (root[groupKey] as unknown as Record<string, Record<string, unknown>> | undefined);
  const model = versions?.[version]?.[kind];
  return typeof model === 'function' ? (model as Model) : undefined;
}

function schemaProblems(manifests: Manifest[]): string[] {
  return manifests.flatMap((manifest) => {
    const where = `${manifest.kind} ${manifest.metadata?.name}`;
    const Model = modelFor(manifest.apiVersion, manifest.kind);
    if (!Model) return [`${where}: no Kubernetes schema for ${manifest.apiVersion} ${manifest.kind}`];
    try {
      new Model(manifest).validate();
      return [];
    } catch (error) {
      return [`${where}: ${error instanceof Error ? error.message : String(error)}`];
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Policies: each returns what is wrong, in words an operator can act on.

function imageProblem(image: string | undefined): string | undefined {
  if (!image) return 'has no image';
  if (image.includes('@sha256:')) return undefined;
  const last = image.split('/').pop() ?? image;
  const tag = last.includes(':') ? last.slice(last.indexOf(':') + 1) : undefined;
  if (!tag) return `runs ${image} without a tag (that is :latest)`;
  if (tag === 'latest') return `runs ${image}, a :latest tag`;
  return undefined;
}

const probeKinds = ['startupProbe', 'readinessProbe', 'livenessProbe'] as const;

function containerProblems(where: string, container: Container, pod: PodSpec, { probes }: { probes: boolean }): string[] {
  const problems: string[] = [];
  const at = `${where}: container ${container.name}`;
  const image = imageProblem(container.image);
  if (image) problems.push(`${at} ${image}`);
  for (const kind of ['requests', 'limits'] as const) {
    for (const resource of ['cpu', 'memory'])
      if (!container.resources?.[kind]?.[resource]) problems.push(`${at} has no ${kind}.${resource}`);
  }
  const own = container.securityContext ?? {};
  const inherited = pod.securityContext ?? {};
  if ((own.runAsNonRoot ?? inherited.runAsNonRoot) !== true) problems.push(`${at} may run as root (runAsNonRoot)`);
  if ((own.runAsUser ?? inherited.runAsUser) === 0) problems.push(`${at} runs as root (runAsUser: 0)`);
  if (own.allowPrivilegeEscalation !== false) problems.push(`${at} may escalate privileges (allowPrivilegeEscalation)`);
  if (own.readOnlyRootFilesystem !== true) problems.push(`${at} has a writable root filesystem (readOnlyRootFilesystem)`);
  if (own.privileged === true) problems.push(`${at} is privileged`);
  if (!own.capabilities?.drop?.includes('ALL')) problems.push(`${at} keeps Linux capabilities (capabilities.drop: [ALL])`);
  if ((own.capabilities?.add ?? []).length > 0) problems.push(`${at} adds capabilities ${own.capabilities?.add?.join(', ')}`);
  if ((own.seccompProfile ?? inherited.seccompProfile)?.type !== 'RuntimeDefault')
    problems.push(`${at} has no RuntimeDefault seccomp profile`);
  if (probes) for (const kind of probeKinds) if (!container[kind]) problems.push(`${at} has no ${kind}`);
  if (isProductImage(container.image) && !container.volumeMounts?.some((mount) => mount.mountPath === '/tmp')) {
    problems.push(`${at} has no writable /tmp (tsx keeps its cache there; the root filesystem is read-only)`);
  }
  return problems;
}

/** Every pod: resources, the locked-down security context, probes for long-running containers, pinned images. */
function workloadProblems(manifests: Manifest[]): string[] {
  return manifests.filter(isWorkload).flatMap((workload) => {
    const where = `${workload.kind} ${workload.metadata.name}`;
    const pod = podOf(workload).spec;
    const problems: string[] = [];
    if (pod.hostNetwork || pod.hostPID || pod.hostIPC) problems.push(`${where} shares the node's namespaces`);
    if (pod.automountServiceAccountToken !== false) problems.push(`${where} mounts a service account token it never uses`);
    const longRunning = workload.kind !== 'Job';
    for (const container of pod.initContainers ?? []) problems.push(...containerProblems(where, container, pod, { probes: false }));
    for (const container of pod.containers) problems.push(...containerProblems(where, container, pod, { probes: longRunning }));
    return problems;
  });
}

/** The kit's hard limit on a shutdown (packages/service-kit/src/listen.ts), read from the source. */
function kitShutdownSeconds(): number {
  const source = readFileSync(join(repoRoot, 'packages/service-kit/src/listen.ts'), 'utf8');
  const match = /SHUTDOWN_GRACE_MS = ([\d_]+)/.exec(source);
  if (!match?.[1]) throw new Error('SHUTDOWN_GRACE_MS not found in packages/service-kit/src/listen.ts');
  return Number(match[1].replaceAll('_', '')) / 1000;
}

function preStopSeconds(container: Container): number {
  const preStop = container.lifecycle?.preStop;
  if (preStop?.sleep) return preStop.sleep.seconds;
  const command = preStop?.exec?.command ?? [];
  return command[0] === 'sleep' ? Number(command[1]) : 0;
}

/** The product's own Deployments: the kit's probes, grace for a full shutdown, spread, the migration gate. */
function processProblems(manifests: Manifest[]): string[] {
  const kitShutdown = kitShutdownSeconds();
  return productDeployments(manifests).flatMap((deployment) => {
    const name = deployment.metadata.name;
    const where = `Deployment ${name}`;
    const pod = podOf(deployment).spec;
    const main = mainContainer(deployment);
    const problems: string[] = [];
    if (main.readinessProbe?.httpGet?.path !== '/readyz') problems.push(`${where}: readiness is not /readyz (its database and Redis)`);
    if (main.livenessProbe?.httpGet?.path !== '/healthz') problems.push(`${where}: liveness is not /healthz`);
    if (!main.startupProbe?.httpGet) problems.push(`${where}: no HTTP startup probe`);
    // Kubernetes kills at the end of the grace period; the kit stops itself after kitShutdown.
    const needed = preStopSeconds(main) + kitShutdown + 5;
    const grace = pod.terminationGracePeriodSeconds ?? 30;
    if (grace < needed)
      problems.push(`${where}: terminationGracePeriodSeconds ${grace} < ${needed} (preStop + the kit's ${kitShutdown} s shutdown + 5)`);
    if ((pod.topologySpreadConstraints ?? []).length === 0) problems.push(`${where}: replicas are not spread (topologySpreadConstraints)`);
    const databaseUrl = main.env?.find((variable) => variable.name === 'DATABASE_URL');
    if (databaseUrl) {
      const gate = (pod.initContainers ?? []).find((container) => (container.command ?? []).join(' ').includes('scripts/migrate.ts wait'));
      if (!gate) problems.push(`${where}: no init container waits for its migrations (scripts/migrate.ts wait)`);
      else {
        const schema = gate.env?.find((variable) => variable.name === 'DATABASE_SCHEMA')?.value;
        const url = gate.env?.find((variable) => variable.name === 'DATABASE_URL');
        if (schema !== name) problems.push(`${where}: its migration gate waits for schema ${schema}`);
        if (JSON.stringify(url?.valueFrom) !== JSON.stringify(databaseUrl.valueFrom)) {
          problems.push(`${where}: its migration gate reads another database URL than the service`);
        }
      }
    }
    return problems;
  });
}

function resolvesToContainerPort(targetPort: number | string | undefined, pod: PodSpec, servicePort: number): boolean {
  const ports = pod.containers.flatMap((container) => container.ports ?? []);
  const target = targetPort ?? servicePort;
  return ports.some((port) => (typeof target === 'number' ? port.containerPort === target : port.name === target));
}

/** Every Deployment has a Service that reaches its pods and a PodDisruptionBudget that covers them without blocking drains. */
function serviceAndBudgetProblems(manifests: Manifest[]): string[] {
  const services = ofKind(manifests, 'Service');
  const budgets = ofKind(manifests, 'PodDisruptionBudget');
  const autoscalers = ofKind(manifests, 'HorizontalPodAutoscaler');
  return ofKind(manifests, 'Deployment').flatMap((deployment) => {
    const where = `Deployment ${deployment.metadata.name}`;
    const labels = podLabels(deployment);
    const pod = podOf(deployment).spec;
    const problems: string[] = [];
    const service = services.find((candidate) => serviceSelects(candidate, labels));
    if (!service) problems.push(`${where} has no Service`);
    else {
      for (const port of service.spec?.ports ?? []) {
        if (!resolvesToContainerPort(port.targetPort, pod, port.port))
          problems.push(`Service ${service.metadata.name} port ${port.port} reaches no container port`);
      }
    }
    const budget = budgets.find((candidate) => !isEmptySelector(candidate.spec?.selector) && selects(candidate.spec?.selector, labels));
    if (!budget) problems.push(`${where} has no PodDisruptionBudget`);
    else if (typeof budget.spec?.minAvailable === 'number') {
      const autoscaler = autoscalers.find((candidate) => candidate.spec?.scaleTargetRef?.name === deployment.metadata.name);
      const replicas = autoscaler?.spec?.minReplicas ?? deployment.spec?.replicas ?? 1;
      if (budget.spec.minAvailable >= replicas)
        problems.push(`PodDisruptionBudget ${budget.metadata.name} blocks every eviction of ${replicas} replica(s)`);
    }
    return problems;
  });
}

const mustAutoscale = ['gateway', 'scan', 'notifier'];

function autoscalingProblems(manifests: Manifest[]): string[] {
  const deployments = ofKind(manifests, 'Deployment');
  const autoscalers = ofKind(manifests, 'HorizontalPodAutoscaler');
  const problems: string[] = [];
  for (const name of mustAutoscale) {
    if (
      !autoscalers.some(
        (autoscaler) => autoscaler.spec?.scaleTargetRef?.kind === 'Deployment' && autoscaler.spec.scaleTargetRef.name === name,
      )
    ) {
      problems.push(`no HorizontalPodAutoscaler for ${name}`);
    }
  }
  for (const autoscaler of autoscalers) {
    const target = deployments.find((deployment) => deployment.metadata.name === autoscaler.spec?.scaleTargetRef?.name);
    if (!target) problems.push(`HorizontalPodAutoscaler ${autoscaler.metadata.name} scales no Deployment`);
    else if (target.spec?.replicas !== undefined) {
      problems.push(`Deployment ${target.metadata.name} sets replicas while an autoscaler owns them (each apply would reset them)`);
    }
    if ((autoscaler.spec?.minReplicas ?? 1) > (autoscaler.spec?.maxReplicas ?? 0))
      problems.push(`HorizontalPodAutoscaler ${autoscaler.metadata.name}: min > max`);
  }
  return problems;
}

/** The environment a container starts with; secrets are stand-ins of the right shape (their values are never in the repository). */
function containerEnvironment(
  container: Container,
  manifests: Manifest[],
  { optionalSecrets }: { optionalSecrets: boolean },
): Record<string, string> {
  const configMaps = new Map(ofKind(manifests, 'ConfigMap').map((configMap) => [configMap.metadata.name, configMap.data ?? {}]));
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) Object.assign(env, configMaps.get(source.configMapRef.name) ?? {});
    if (source.secretRef) throw new Error(`envFrom secretRef ${source.secretRef.name}: name each secret variable instead`);
  }
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) env[variable.name] = variable.value;
    const secret = variable.valueFrom?.secretKeyRef;
    if (secret && (!secret.optional || optionalSecrets)) env[variable.name] = standInSecret(secret.key);
    const fromMap = variable.valueFrom?.configMapKeyRef;
    const mapped = fromMap && configMaps.get(fromMap.name)?.[fromMap.key];
    if (mapped !== undefined && mapped !== '') env[variable.name] = mapped;
  }
  return env;
}

function standInSecret(key: string): string {
  if (key === 'DATABASE_URL' || key === 'DATABASE_ADMIN_URL') return 'postgres://role:stand-in@postgres.invalid:5432/bracelet';
  if (key === 'REDIS_URL') return 'redis://redis.invalid:6379';
  if (key === 'SMTP_URL') return 'smtp://user:stand-in@smtp.invalid:587';
  // Stripe's keys carry their kind in a prefix, and checkout checks it.
  if (key === 'STRIPE_SECRET_KEY') return `sk_test_stand_in_${'x'.repeat(24)}`;
  if (key === 'STRIPE_PUBLISHABLE_KEY') return `pk_test_stand_in_${'x'.repeat(24)}`;
  if (key === 'STRIPE_WEBHOOK_SECRET') return `whsec_stand_in_${'x'.repeat(24)}`;
  return `stand-in-${key.toLowerCase()}-${'x'.repeat(32)}`;
}

type ConfigSchema = {
  safeParse(env: Record<string, string>): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } };
};
async function configSchemaOf(process: string): Promise<ConfigSchema> {
  const module = (await import(join(repoRoot, 'services', process, 'src/config.ts'))) as { configSchema: ConfigSchema };
  return module.configSchema;
}

async function settingsProblems(where: string, process: string, env: Record<string, string>): Promise<string[]> {
  const result = (await configSchemaOf(process)).safeParse(env);
  if (result.success) return [];
  return (result.error?.issues ?? []).map(
    (issue) => `${where}: ${process} would refuse its settings: ${issue.path.join('.')} ${issue.message}`,
  );
}

/** Each process would accept the environment its manifest gives it (its own config.ts, as at boot). */
async function configProblems(manifests: Manifest[]): Promise<string[]> {
  const problems: string[] = [];
  for (const deployment of productDeployments(manifests)) {
    const env = containerEnvironment(mainContainer(deployment), manifests, { optionalSecrets: true });
    problems.push(...(await settingsProblems(`Deployment ${deployment.metadata.name}`, deployment.metadata.name, env)));
    if (env.HOST !== '0.0.0.0') problems.push(`Deployment ${deployment.metadata.name}: HOST is ${env.HOST}, not reachable from other pods`);
  }
  const job = ofKind(manifests, 'Job').find((candidate) => (mainContainer(candidate).command ?? []).includes('scripts/migrate.ts'));
  if (!job) problems.push('no Job runs scripts/migrate.ts');
  else {
    const env = containerEnvironment(mainContainer(job), manifests, { optionalSecrets: false });
    for (const key of ['DATABASE_ADMIN_URL', 'DB_ROLE_SECRET']) if (!env[key]) problems.push(`Job ${job.metadata.name} has no ${key}`);
  }
  return problems;
}

/** One public entry: TLS, to the gateway only, on the host of PUBLIC_URL; the gateway trusts that proxy. */
function ingressProblems(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  const ingresses = ofKind(manifests, 'Ingress');
  if (ingresses.length !== 1) problems.push(`${ingresses.length} Ingresses; one, to the gateway, is expected`);
  const gateway = productDeployments(manifests).find((deployment) => deployment.metadata.name === 'gateway');
  const env = gateway ? containerEnvironment(mainContainer(gateway), manifests, { optionalSecrets: true }) : {};
  for (const ingress of ingresses) {
    const where = `Ingress ${ingress.metadata.name}`;
    const tls = ingress.spec?.tls ?? [];
    if (tls.length === 0) problems.push(`${where} has no TLS`);
    const backends = [
      ...(ingress.spec?.defaultBackend ? [ingress.spec.defaultBackend] : []),
      ...(ingress.spec?.rules ?? []).flatMap((rule) => rule.http?.paths.map((path) => path.backend) ?? []),
    ];
    for (const backend of backends) {
      if (backend.service?.name !== 'gateway')
        problems.push(`${where} routes to ${backend.service?.name ?? 'a resource'}: only the gateway is public`);
    }
    for (const rule of ingress.spec?.rules ?? []) {
      if (!rule.host) problems.push(`${where} answers any host`);
      else if (!tls.some((entry) => entry.secretName && entry.hosts?.includes(rule.host as string)))
        problems.push(`${where}: ${rule.host} is not under TLS`);
      const publicUrl = env.PUBLIC_URL ? new URL(env.PUBLIC_URL) : undefined;
      if (publicUrl?.protocol !== 'https:' || publicUrl.host !== rule.host) {
        problems.push(
          `${where}: host ${rule.host} but PUBLIC_URL is ${env.PUBLIC_URL} (the origin state-changing requests must come from)`,
        );
      }
    }
  }
  if (!env.TRUST_PROXY || env.TRUST_PROXY === 'false')
    problems.push('the gateway trusts no proxy: behind the ingress every client would share its address');
  return problems;
}

/** No secret value in the manifests, and every Secret they reference is described in the ops guide. */
function secretProblems(manifests: Manifest[], guide: string): string[] {
  const problems: string[] = [];
  for (const secret of ofKind(manifests, 'Secret')) {
    if (Object.keys(secret.data ?? {}).length > 0 || Object.keys(secret.stringData ?? {}).length > 0) {
      problems.push(`Secret ${secret.metadata.name} carries values: secrets are created outside the repository`);
    }
  }
  const referenced = new Set<string>();
  for (const workload of manifests.filter(isWorkload)) {
    const pod = podOf(workload).spec;
    for (const container of allContainers(pod)) {
      for (const variable of container.env ?? [])
        if (variable.valueFrom?.secretKeyRef) referenced.add(variable.valueFrom.secretKeyRef.name);
      for (const source of container.envFrom ?? []) if (source.secretRef) referenced.add(source.secretRef.name);
    }
    for (const volume of pod.volumes ?? []) if (volume.secret) referenced.add(volume.secret.secretName);
  }
  for (const ingress of ofKind(manifests, 'Ingress'))
    for (const entry of ingress.spec?.tls ?? []) if (entry.secretName) referenced.add(entry.secretName);
  for (const name of referenced) if (!guide.includes(`\`${name}\``)) problems.push(`Secret ${name} is not described in docs/operations.md`);
  return problems;
}

// --- NetworkPolicies, evaluated: who may open a connection to whom -------------------------------

type PodEndpoint = { namespace: string; labels: Labels; ports?: Container['ports'] };
type Endpoint = PodEndpoint | { ip: string };

const namespaceLabels = (namespace: string): Labels => ({ 'kubernetes.io/metadata.name': namespace });

function ipv4(ip: string): number {
  return ip.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}
function cidrContains(cidr: string, ip: string): boolean {
  if (cidr.includes(':') || ip.includes(':')) return cidr === '::/0';
  const [base = '', bits = '32'] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  return Math.floor(ipv4(ip) / size) === Math.floor(ipv4(base) / size);
}

function peerMatches(peer: Peer, policyNamespace: string, endpoint: Endpoint): boolean {
  if ('ip' in endpoint) {
    return (
      !!peer.ipBlock &&
      cidrContains(peer.ipBlock.cidr, endpoint.ip) &&
      !(peer.ipBlock.except ?? []).some((cidr) => cidrContains(cidr, endpoint.ip))
    );
  }
  if (peer.ipBlock) return false;
  const inNamespace = peer.namespaceSelector
    ? selects(peer.namespaceSelector, namespaceLabels(endpoint.namespace))
    : endpoint.namespace === policyNamespace;
  return inNamespace && selects(peer.podSelector, endpoint.labels);
}

function portMatches(rule: Rule, port: number, protocol: string, destination: Endpoint): boolean {
  if (!rule.ports || rule.ports.length === 0) return true;
  return rule.ports.some((allowed) => {
    if ((allowed.protocol ?? 'TCP') !== protocol) return false;
    if (allowed.port === undefined) return true;
    if (typeof allowed.port === 'string') {
      return (
        !('ip' in destination) && (destination.ports ?? []).some((named) => named.name === allowed.port && named.containerPort === port)
      );
    }
    return allowed.endPort === undefined ? allowed.port === port : port >= allowed.port && port <= allowed.endPort;
  });
}

const policyTypesOf = (policy: Manifest) => policy.spec?.policyTypes ?? (policy.spec?.egress ? ['Ingress', 'Egress'] : ['Ingress']);

/** One side of a connection: may `pod` send (Egress) to / accept (Ingress) from `peer` on port? */
function sideAllows(
  policies: Manifest[],
  namespace: string,
  pod: Endpoint,
  peer: Endpoint,
  type: 'Ingress' | 'Egress',
  port: number,
  protocol: string,
): boolean {
  // Not a pod of this namespace: its own policies are not in these manifests.
  if ('ip' in pod || pod.namespace !== namespace) return true;
  const isolating = policies.filter((policy) => selects(policy.spec?.podSelector, pod.labels) && policyTypesOf(policy).includes(type));
  if (isolating.length === 0) return true;
  const destination = type === 'Egress' ? peer : pod;
  return isolating.some((policy) =>
    ((type === 'Ingress' ? policy.spec?.ingress : policy.spec?.egress) ?? []).some((rule) => {
      const peers = (type === 'Ingress' ? rule.from : rule.to) ?? [];
      return (
        portMatches(rule, port, protocol, destination) &&
        (peers.length === 0 || peers.some((candidate) => peerMatches(candidate, namespace, peer)))
      );
    }),
  );
}

function canConnect(policies: Manifest[], namespace: string, from: Endpoint, to: Endpoint, port: number, protocol = 'TCP'): boolean {
  return (
    sideAllows(policies, namespace, from, to, 'Egress', port, protocol) &&
    sideAllows(policies, namespace, to, from, 'Ingress', port, protocol)
  );
}

function networkProblems(manifests: Manifest[], namespace: string): string[] {
  const problems: string[] = [];
  const policies = ofKind(manifests, 'NetworkPolicy');
  const denyAll = policies.some(
    (policy) =>
      isEmptySelector(policy.spec?.podSelector) &&
      ['Ingress', 'Egress'].every((type) => policyTypesOf(policy).includes(type)) &&
      (policy.spec?.ingress ?? []).length === 0 &&
      (policy.spec?.egress ?? []).length === 0,
  );
  if (!denyAll) problems.push('no default-deny NetworkPolicy (ingress and egress) for the namespace');

  const pods = new Map<string, PodEndpoint>();
  for (const workload of manifests.filter(isWorkload)) {
    const labels = podLabels(workload);
    pods.set(labels[nameLabel] ?? workload.metadata.name, {
      namespace,
      labels,
      ports: podOf(workload).spec.containers.flatMap((container) => container.ports ?? []),
    });
  }
  const pod = (name: string) => {
    const found = pods.get(name);
    if (!found) throw new Error(`no pod named ${name} in the manifests`);
    return found;
  };
  const ingressController: Endpoint = { namespace: 'ingress-nginx', labels: { [nameLabel]: 'ingress-nginx' } };
  const dns: Endpoint = { namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } };
  const intruder: Endpoint = { namespace, labels: { [nameLabel]: 'intruder' } };
  const internet: Endpoint = { ip: '203.0.113.10' };
  const check = (allowed: boolean, wanted: boolean, what: string) => {
    if (allowed !== wanted) problems.push(`${what}: ${wanted ? 'blocked, but needed' : 'allowed, but must not be'}`);
  };

  const product = productDeployments(manifests).map((deployment) => deployment.metadata.name);
  const gatewayDeployment = productDeployments(manifests).find((deployment) => deployment.metadata.name === 'gateway');
  const gatewayPort = gatewayDeployment ? (mainContainer(gatewayDeployment).ports?.[0]?.containerPort ?? 0) : 0;
  check(canConnect(policies, namespace, ingressController, pod('gateway'), gatewayPort), true, 'ingress controller → gateway');

  // The gateway's upstreams, as its own settings name them (<NAME>_URL → Service → pods).
  const gatewayEnv = gatewayDeployment ? containerEnvironment(mainContainer(gatewayDeployment), manifests, { optionalSecrets: true }) : {};
  const services = ofKind(manifests, 'Service');
  const upstreams = new Set<string>();
  for (const [key, value] of Object.entries(gatewayEnv)) {
    if (!key.endsWith('_URL') || key === 'PUBLIC_URL') continue;
    const url = new URL(value);
    const service = services.find((candidate) => candidate.metadata.name === url.hostname);
    const target = service && [...pods.entries()].find(([, endpoint]) => serviceSelects(service, endpoint.labels));
    if (!service || !target) {
      problems.push(`gateway ${key}=${value} names no Service of these manifests`);
      continue;
    }
    const servicePort = service.spec?.ports?.find((port) => port.port === Number(url.port || 80));
    const targetPort = servicePort?.targetPort;
    const containerPort =
      typeof targetPort === 'string'
        ? target[1].ports?.find((port) => port.name === targetPort)?.containerPort
        : (targetPort ?? servicePort?.port);
    upstreams.add(target[0]);
    check(canConnect(policies, namespace, pod('gateway'), target[1], containerPort ?? 0), true, `gateway → ${target[0]}`);
  }

  for (const name of product) {
    for (const port of pod(name).ports ?? []) {
      check(canConnect(policies, namespace, intruder, pod(name), port.containerPort), false, `another pod of the namespace → ${name}`);
      if (name !== 'gateway')
        check(canConnect(policies, namespace, ingressController, pod(name), port.containerPort), false, `ingress controller → ${name}`);
      for (const other of product) {
        if (other !== name && other !== 'gateway') {
          check(
            canConnect(policies, namespace, pod(other), pod(name), port.containerPort),
            false,
            `${other} → ${name} (services talk through events only)`,
          );
        }
      }
    }
  }

  // Postgres and Redis: in the namespace (dev) or outside (prod).
  const database = pods.get('postgres') ?? internet;
  const redis = pods.get('redis') ?? internet;
  const dataPods = productDeployments(manifests)
    .filter((deployment) => mainContainer(deployment).env?.some((variable) => variable.name === 'DATABASE_URL'))
    .map((deployment) => deployment.metadata.name);
  const migrate = ofKind(manifests, 'Job').map((job) => podLabels(job)[nameLabel] ?? job.metadata.name);
  for (const name of [...dataPods, ...migrate])
    check(canConnect(policies, namespace, pod(name), database, 5432), true, `${name} → Postgres`);
  for (const name of dataPods) check(canConnect(policies, namespace, pod(name), redis, 6379), true, `${name} → Redis`);
  check(canConnect(policies, namespace, pod('gateway'), database, 5432), false, 'gateway → Postgres');
  check(canConnect(policies, namespace, intruder, database, 5432), false, 'another pod → Postgres');

  // Mail and SMS go out from the notifier only; HTTPS also from checkout, to Stripe (ADR 012).
  for (const name of product) {
    const sends = name === 'notifier';
    check(canConnect(policies, namespace, pod(name), internet, 587), sends, `${name} → SMTP submission`);
    check(
      canConnect(policies, namespace, pod(name), internet, 443),
      sends || name === 'checkout',
      `${name} → HTTPS outside (the SMS provider, Stripe)`,
    );
  }
  const catcher = pods.get('mailpit');
  if (catcher) {
    check(canConnect(policies, namespace, pod('notifier'), catcher, 1025), true, 'notifier → mail catcher');
    check(canConnect(policies, namespace, pod('scan'), catcher, 1025), false, 'scan → mail catcher');
  }
  for (const [name, endpoint] of pods) check(canConnect(policies, namespace, endpoint, dns, 53, 'UDP'), true, `${name} → DNS`);
  check(canConnect(policies, namespace, intruder, internet, 443), false, 'another pod → the internet');
  if (upstreams.size === 0) problems.push('the gateway routes to no service');
  return problems;
}

// ---------------------------------------------------------------------------------------------
// compose.yaml

type ComposeService = {
  image?: string;
  build?: unknown;
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { test?: string[] };
  ports?: string[];
  volumes?: string[];
  restart?: string;
  read_only?: boolean;
  cap_drop?: string[];
  tmpfs?: string[];
};
type Compose = { services: Record<string, ComposeService>; volumes?: Record<string, unknown> };

const composeText = () => readFileSync(join(repoRoot, 'compose.yaml'), 'utf8');
const envExampleText = () => readFileSync(join(repoRoot, '.env.example'), 'utf8');
/** compose.yaml as Compose reads it: YAML merge keys (`<<: *anchor`) resolved. */
const loadCompose = (text = composeText()) => parse(text, { merge: true }) as Compose;

function composeSchemaValidator() {
  const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  // The vendored schema names the https draft-07 meta-schema, which Ajv knows as http; draft-07 is Ajv's default anyway.
  const { $schema: _metaSchema, ...schema } = JSON.parse(
    readFileSync(join(repoRoot, 'tests/fixtures/compose-spec.json'), 'utf8'),
  ) as Record<string, unknown>;
  const validate = ajv.compile(schema);
  return (document: unknown): string[] =>
    validate(document) ? [] : (validate.errors ?? []).map((error) => `compose.yaml${error.instancePath} ${error.message}`);
}

/** KEY=value lines of an env file (comments and blank lines skipped). */
function envFileValues(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
    if (match?.[1]) values[match[1]] = match[2] ?? '';
  }
  return values;
}

/** Compose's interpolation: $$, ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, $VAR. */
function interpolate(text: string, vars: Record<string, string>): string {
  return text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (whole, braced, operator, operand, bare) => {
      if (whole === '$$') return '$';
      const name = (braced ?? bare) as string;
      const value = vars[name];
      const missing = operator?.startsWith(':') ? !value : value === undefined;
      if (operator?.endsWith('-')) return missing ? interpolate(operand ?? '', vars) : (value as string);
      if (operator?.endsWith('?') && missing) throw new Error(`compose would stop: ${name}: ${operand}`);
      return value ?? '';
    },
  );
}

function interpolateDeep(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === 'string') return interpolate(value, vars);
  if (Array.isArray(value)) return value.map((item) => interpolateDeep(item, vars));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateDeep(item, vars)]));
  return value;
}

/** A service's container environment: values interpolated, and a variable without a value taken from the env file or left unset. */
function composeEnvironment(service: ComposeService, vars: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(service.environment ?? {})) {
    if (value === null) {
      if (vars[key] !== undefined) env[key] = vars[key];
    } else env[key] = interpolate(String(value), vars);
  }
  return env;
}

/** The variables .env holds once set up as the ops guide says: .env.example, the three secrets, then `migrate.ts urls`. */
function composeVariables(): Record<string, string> {
  const vars: Record<string, string> = {
    ...envFileValues(envExampleText()),
    POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
    DB_ROLE_SECRET: randomBytes(32).toString('hex'),
    IDENTITY_SECRET: randomBytes(32).toString('hex'),
  };
  const adminUrl = `postgres://postgres:${vars.POSTGRES_PASSWORD}@postgres:5432/bracelet`;
  for (const service of dataServices)
    vars[`${service.toUpperCase()}_DATABASE_URL`] = serviceDatabaseUrl(adminUrl, service, vars.DB_ROLE_SECRET as string);
  return vars;
}

const serverEntry = /^services\/([^/]+)\/src\/server\.ts$/;
/** The compose services that run a process of the product: name → its entry file. */
function composeProcesses(compose: Compose): Map<string, string> {
  const found = new Map<string, string>();
  for (const [name, service] of Object.entries(compose.services)) {
    const entry = [...(service.entrypoint ?? []), ...(service.command ?? [])].find((part) => serverEntry.test(part));
    if (entry) found.set(name, entry);
  }
  return found;
}

function composeProblems(compose: Compose, envExample: string): string[] {
  const problems: string[] = [];
  const vars = composeVariables();
  const resolved = interpolateDeep(compose, vars) as Compose;
  const running = composeProcesses(resolved);
  for (const [name, service] of Object.entries(resolved.services)) {
    const image = imageProblem(service.image);
    if (image) problems.push(`compose service ${name} ${image}`);
  }
  const migrate = Object.entries(resolved.services).find(([, service]) =>
    [...(service.entrypoint ?? []), ...(service.command ?? [])].includes('scripts/migrate.ts'),
  );
  if (!migrate) problems.push('no compose service runs scripts/migrate.ts');
  else if (migrate[1].restart !== 'no') problems.push(`compose service ${migrate[0]} must run once (restart: "no")`);
  for (const [name] of running) {
    const service = resolved.services[name] as ComposeService;
    const where = `compose service ${name}`;
    if (!(service.healthcheck?.test ?? []).join(' ').includes('/readyz')) problems.push(`${where} has no health check on /readyz`);
    if (!service.restart || service.restart === 'no') problems.push(`${where} is not restarted`);
    if (service.read_only !== true) problems.push(`${where} has a writable root filesystem (read_only)`);
    if (!(service.cap_drop ?? []).includes('ALL')) problems.push(`${where} keeps Linux capabilities (cap_drop: [ALL])`);
    if (!(service.tmpfs ?? []).includes('/tmp')) problems.push(`${where} has no writable /tmp for tsx`);
    const env = composeEnvironment(service, vars);
    if (env.DATABASE_URL !== undefined && migrate && service.depends_on?.[migrate[0]]?.condition !== 'service_completed_successfully') {
      problems.push(`${where} does not wait for the migrations (depends_on ${migrate[0]}: service_completed_successfully)`);
    }
  }
  const gateway = resolved.services.gateway;
  if (!gateway?.ports?.length) problems.push('the gateway publishes no port');
  for (const [key, value] of Object.entries(gateway ? composeEnvironment(gateway, vars) : {})) {
    if (!key.endsWith('_URL') || key === 'PUBLIC_URL') continue;
    const upstream = new URL(value).hostname;
    if (!running.has(upstream)) problems.push(`gateway ${key} names ${upstream}, which compose does not run`);
    if (gateway?.depends_on?.[upstream]?.condition !== 'service_healthy')
      problems.push(`the gateway does not wait for ${upstream} to be healthy`);
  }
  const postgres = Object.entries(resolved.services).find(([, service]) => service.image?.startsWith('postgres:'));
  if (!postgres?.[1].volumes?.some((volume) => volume.endsWith(':/var/lib/postgresql/data'))) problems.push('Postgres keeps no volume');
  const redis = Object.entries(resolved.services).find(([, service]) => service.image?.startsWith('redis:'));
  const redisCommand = (redis?.[1].command ?? []).join(' ');
  if (!redisCommand.includes('--appendonly yes')) problems.push('Redis is not append-only');
  if (!redisCommand.includes('--maxmemory-policy noeviction')) problems.push('Redis may evict (BullMQ needs noeviction)');
  const catcher = Object.entries(resolved.services).find(([, service]) => service.image?.startsWith('axllent/mailpit:'));
  if (!catcher?.[1].ports?.some((port) => port.endsWith(':8025'))) problems.push('no mail catcher with its web UI published');
  // .env.example: every variable compose reads is explained there, and no secret has a value.
  const used = new Set([...JSON.stringify(compose).matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] as string));
  for (const service of Object.values(compose.services)) {
    for (const [key, value] of Object.entries(service.environment ?? {})) if (value === null) used.add(key);
  }
  for (const name of used) if (!envExample.includes(name)) problems.push(`.env.example does not mention ${name}, which compose.yaml reads`);
  for (const [key, value] of Object.entries(envFileValues(envExample))) {
    if (/(SECRET|PASSWORD|TOKEN|SID|DATABASE_URL|SMTP_URL)$/.test(key) && value !== '')
      problems.push(`.env.example gives ${key} a value: secrets stay out of the repository`);
  }
  return problems;
}

async function composeConfigProblems(compose: Compose): Promise<string[]> {
  const vars = composeVariables();
  const problems: string[] = [];
  for (const [name] of composeProcesses(compose)) {
    const env = composeEnvironment(compose.services[name] as ComposeService, vars);
    problems.push(...(await settingsProblems(`compose service ${name}`, name, env)));
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The same processes everywhere.

function sameSetProblems(
  started: ReadonlyArray<{ name: string; entry: string }>,
  compose: Map<string, string>,
  deployments: Map<string, string[]>,
  where: string,
): string[] {
  const problems: string[] = [];
  const names = new Set(started.map((process) => process.name));
  for (const process of started) {
    if (!compose.has(process.name)) problems.push(`npm start runs ${process.name}; compose.yaml does not`);
    else if (compose.get(process.name) !== process.entry)
      problems.push(`compose.yaml runs ${compose.get(process.name)} as ${process.name}, not ${process.entry}`);
    const command = deployments.get(process.name);
    if (!command) problems.push(`npm start runs ${process.name}; ${where} has no Deployment for it`);
    else if (!command.includes(process.entry))
      problems.push(`${where}: Deployment ${process.name} runs ${command.join(' ')}, not ${process.entry}`);
  }
  for (const name of compose.keys()) if (!names.has(name)) problems.push(`compose.yaml runs ${name}, which npm start does not`);
  for (const name of deployments.keys()) if (!names.has(name)) problems.push(`${where} deploys ${name}, which npm start does not`);
  return problems;
}

const deploymentCommands = (manifests: Manifest[]) =>
  new Map(productDeployments(manifests).map((deployment) => [deployment.metadata.name, mainContainer(deployment).command ?? []]));

const operationsGuide = () => readFileSync(join(repoRoot, 'docs/operations.md'), 'utf8');

// =============================================================================================

describe.each(overlays)('k8s/overlays/%s', (overlay) => {
  it('renders with kubectl kustomize, and every object validates against the Kubernetes schemas', () => {
    const manifests = render(overlay);
    expect(manifests.length).toBeGreaterThan(30);
    expect(schemaProblems(manifests)).toEqual([]);
  });

  it('runs every pod locked down, with resources, probes and pinned images', () => {
    expect(workloadProblems(render(overlay))).toEqual([]);
  });

  it("gives every process the kit's probes, time to shut down, spread replicas and a migration gate", () => {
    expect(processProblems(render(overlay))).toEqual([]);
  });

  it('gives every Deployment a Service and a PodDisruptionBudget, and autoscales the gateway, scan and the notifier', () => {
    const manifests = render(overlay);
    expect(serviceAndBudgetProblems(manifests)).toEqual([]);
    expect(autoscalingProblems(manifests)).toEqual([]);
  });

  it('gives each process settings its own config.ts accepts', async () => {
    expect(await configProblems(render(overlay))).toEqual([]);
  });

  it('exposes only the gateway, over TLS, on the host of PUBLIC_URL', () => {
    expect(ingressProblems(render(overlay))).toEqual([]);
  });

  it('lets through only the connections the product makes', () => {
    expect(networkProblems(render(overlay), namespaceOf[overlay])).toEqual([]);
  });

  it('commits no secret value and describes every Secret it needs in the ops guide', () => {
    expect(secretProblems(render(overlay), operationsGuide())).toEqual([]);
  });
});

describe('compose.yaml', () => {
  it('validates against the compose specification (tests/fixtures/compose-spec.json)', () => {
    const validate = composeSchemaValidator();
    expect(validate(loadCompose())).toEqual([]);
    // As Compose sees it once .env is filled in.
    expect(validate(interpolateDeep(loadCompose(), composeVariables()))).toEqual([]);
  });

  it('waits for the migrations, checks health, keeps data, catches mail, and documents every setting in .env.example', () => {
    expect(composeProblems(loadCompose(), envExampleText())).toEqual([]);
  });

  it('gives each process settings its own config.ts accepts', async () => {
    expect(await composeConfigProblems(loadCompose())).toEqual([]);
  });
});

describe('the processes npm start runs', () => {
  it.each(overlays)('are the services of compose.yaml and the Deployments of k8s/overlays/%s', (overlay) => {
    expect(processes.length).toBeGreaterThanOrEqual(7);
    expect(
      sameSetProblems(processes, composeProcesses(loadCompose()), deploymentCommands(render(overlay)), `k8s/overlays/${overlay}`),
    ).toEqual([]);
  });
});

describe('the checks themselves fail on broken manifests', () => {
  const prod = () => render('prod');
  const find = (manifests: Manifest[], kind: string, name: string) => {
    const found = manifests.find((manifest) => manifest.kind === kind && manifest.metadata.name === name);
    if (!found) throw new Error(`no ${kind} ${name}`);
    return found;
  };
  const without = (manifests: Manifest[], kind: string, name: string) =>
    manifests.filter((manifest) => !(manifest.kind === kind && manifest.metadata.name === name));
  const container = (manifests: Manifest[], name: string) => mainContainer(find(manifests, 'Deployment', name));

  it('says so when kubectl is missing', () => {
    const emptyPath = mkdtempSync(join(tmpdir(), 'no-kubectl-'));
    try {
      expect(() => kustomize(join(repoRoot, 'k8s/overlays/prod'), { ...process.env, PATH: emptyPath })).toThrow(/kubectl is not installed/);
    } finally {
      rmSync(emptyPath, { recursive: true, force: true });
    }
  });

  it('schema: a field of the wrong type', () => {
    const manifests = prod();
    (find(manifests, 'Deployment', 'catalog').spec as Record<string, unknown>).replicas = 'two';
    expect(schemaProblems(manifests)).toEqual([expect.stringContaining('Deployment catalog: data/spec/replicas must be integer')]);
    expect(schemaProblems([{ apiVersion: 'example.org/v1', kind: 'Widget', metadata: { name: 'w' } }])).toEqual([
      'Widget w: no Kubernetes schema for example.org/v1 Widget',
    ]);
  });

  it.each(probeKinds)('probes: a Deployment without its %s', (probe) => {
    const manifests = prod();
    delete container(manifests, 'scan')[probe];
    expect(workloadProblems(manifests)).toEqual([`Deployment scan: container scan has no ${probe}`]);
  });

  it('probes: readiness that is not /readyz', () => {
    const manifests = prod();
    const readiness = container(manifests, 'family').readinessProbe;
    if (readiness?.httpGet) readiness.httpGet.path = '/healthz';
    expect(processProblems(manifests)).toEqual(['Deployment family: readiness is not /readyz (its database and Redis)']);
  });

  it('resources: a container without limits, an init container without requests', () => {
    const manifests = prod();
    delete container(manifests, 'family').resources?.limits;
    delete podOf(find(manifests, 'Deployment', 'scan')).spec.initContainers?.[0]?.resources?.requests;
    expect(workloadProblems(manifests)).toEqual([
      'Deployment family: container family has no limits.cpu',
      'Deployment family: container family has no limits.memory',
      'Deployment scan: container wait-for-migrations has no requests.cpu',
      'Deployment scan: container wait-for-migrations has no requests.memory',
    ]);
  });

  it('security context: each relaxation is seen', () => {
    const manifests = prod();
    const gateway = container(manifests, 'gateway');
    gateway.securityContext = {
      ...gateway.securityContext,
      readOnlyRootFilesystem: false,
      allowPrivilegeEscalation: true,
      capabilities: { drop: [] },
    };
    delete gateway.securityContext.runAsNonRoot;
    const gatewayPod = podOf(find(manifests, 'Deployment', 'gateway')).spec;
    delete gatewayPod.securityContext?.runAsNonRoot;
    delete gatewayPod.securityContext?.seccompProfile;
    expect(workloadProblems(manifests)).toEqual([
      'Deployment gateway: container gateway may run as root (runAsNonRoot)',
      'Deployment gateway: container gateway may escalate privileges (allowPrivilegeEscalation)',
      'Deployment gateway: container gateway has a writable root filesystem (readOnlyRootFilesystem)',
      'Deployment gateway: container gateway keeps Linux capabilities (capabilities.drop: [ALL])',
      'Deployment gateway: container gateway has no RuntimeDefault seccomp profile',
    ]);
  });

  it('security context: no writable /tmp for tsx', () => {
    const manifests = prod();
    container(manifests, 'checkout').volumeMounts = [];
    expect(workloadProblems(manifests)).toEqual([
      'Deployment checkout: container checkout has no writable /tmp (tsx keeps its cache there; the root filesystem is read-only)',
    ]);
  });

  it('images: :latest, or no tag at all', () => {
    const manifests = prod();
    container(manifests, 'scan').image = 'registry.example.org/bracelet:latest';
    container(manifests, 'notifier').image = 'registry.example.org/bracelet';
    expect(workloadProblems(manifests)).toEqual([
      'Deployment notifier: container notifier runs registry.example.org/bracelet without a tag (that is :latest)',
      'Deployment scan: container scan runs registry.example.org/bracelet:latest, a :latest tag',
    ]);
  });

  it('a Deployment without its Service or its PodDisruptionBudget; a budget that blocks drains', () => {
    let manifests = without(prod(), 'Service', 'catalog');
    manifests = without(manifests, 'PodDisruptionBudget', 'fulfilment');
    const budget = find(manifests, 'PodDisruptionBudget', 'family');
    budget.spec = { ...budget.spec, minAvailable: 2 };
    delete budget.spec.maxUnavailable;
    expect(serviceAndBudgetProblems(manifests)).toEqual([
      'Deployment catalog has no Service',
      'PodDisruptionBudget family blocks every eviction of 2 replica(s)',
      'Deployment fulfilment has no PodDisruptionBudget',
    ]);
  });

  it('autoscaling: scan without its autoscaler, the gateway with fixed replicas', () => {
    const manifests = without(prod(), 'HorizontalPodAutoscaler', 'scan');
    (find(manifests, 'Deployment', 'gateway').spec as Record<string, unknown>).replicas = 3;
    expect(autoscalingProblems(manifests)).toEqual([
      'no HorizontalPodAutoscaler for scan',
      'Deployment gateway sets replicas while an autoscaler owns them (each apply would reset them)',
    ]);
  });

  it('shutdown: a notifier killed before its sends finish', () => {
    const manifests = prod();
    podOf(find(manifests, 'Deployment', 'notifier')).spec.terminationGracePeriodSeconds = 10;
    expect(processProblems(manifests)).toEqual([
      `Deployment notifier: terminationGracePeriodSeconds 10 < ${5 + kitShutdownSeconds() + 5} (preStop + the kit's ${kitShutdownSeconds()} s shutdown + 5)`,
    ]);
  });

  it('migrations: a data service that does not wait for its schema', () => {
    const manifests = prod();
    podOf(find(manifests, 'Deployment', 'family')).spec.initContainers = [];
    expect(processProblems(manifests)).toEqual(['Deployment family: no init container waits for its migrations (scripts/migrate.ts wait)']);
  });

  it('settings: a ConfigMap without PORT, a gateway without FRONTENDS_DIR', async () => {
    const manifests = prod();
    const common = manifests.find((manifest) => manifest.kind === 'ConfigMap' && manifest.metadata.name.startsWith('bracelet-config-'));
    delete common?.data?.PORT;
    const gatewayConfig = manifests.find(
      (manifest) => manifest.kind === 'ConfigMap' && manifest.metadata.name.startsWith('gateway-config-'),
    );
    delete gatewayConfig?.data?.FRONTENDS_DIR;
    const problems = await configProblems(manifests);
    expect(problems).toContain(
      'Deployment gateway: gateway would refuse its settings: FRONTENDS_DIR Invalid input: expected string, received undefined',
    );
    for (const service of dataServices)
      expect(problems).toContain(
        `Deployment ${service}: ${service} would refuse its settings: PORT Invalid input: expected number, received NaN`,
      );
  });

  it('ingress: a second service made public, no TLS, a host that is not PUBLIC_URL’s', () => {
    const manifests = prod();
    const ingress = find(manifests, 'Ingress', 'gateway');
    const rule = ingress.spec?.rules?.[0];
    rule?.http?.paths.push({ path: '/scan', backend: { service: { name: 'scan', port: { name: 'http' } } } });
    if (rule) rule.host = 'other.example.org';
    delete ingress.spec?.tls;
    expect(ingressProblems(manifests)).toEqual([
      'Ingress gateway has no TLS',
      'Ingress gateway routes to scan: only the gateway is public',
      'Ingress gateway: other.example.org is not under TLS',
      'Ingress gateway: host other.example.org but PUBLIC_URL is https://bracelet-qr.fr (the origin state-changing requests must come from)',
    ]);
  });

  it('network: no default deny', () => {
    const problems = networkProblems(without(prod(), 'NetworkPolicy', 'default-deny'), 'bracelet');
    // Every pod is selected by some ingress policy (the metrics one at least), so none is wide open;
    // the namespace's default deny is still required.
    expect(problems).toEqual(['no default-deny NetworkPolicy (ingress and egress) for the namespace']);
  });

  it('network: the services closed to the gateway, scan opened to everyone', () => {
    const manifests = without(prod(), 'NetworkPolicy', 'services-from-gateway');
    manifests.push({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'open-scan' },
      spec: { podSelector: { matchLabels: { [nameLabel]: 'scan' } }, policyTypes: ['Ingress'], ingress: [{}] },
    });
    const problems = networkProblems(manifests, 'bracelet');
    expect(problems).toContain('gateway → catalog: blocked, but needed');
    expect(problems).toContain('ingress controller → scan: allowed, but must not be');
    expect(problems).not.toContain('gateway → scan: blocked, but needed');
  });

  it('network: the notifier cannot send, the gateway can reach Postgres', () => {
    const manifests = without(prod(), 'NetworkPolicy', 'notifier-to-mail-and-sms');
    const data = find(manifests, 'NetworkPolicy', 'data-to-postgres-and-redis');
    data.spec = { ...data.spec, podSelector: {} };
    const problems = networkProblems(manifests, 'bracelet');
    expect(problems).toContain('notifier → SMTP submission: blocked, but needed');
    expect(problems).toContain('gateway → Postgres: allowed, but must not be');
  });

  it('secrets: a committed value, a Secret the guide does not describe', () => {
    const manifests = prod();
    manifests.push({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'bracelet-identity' }, data: { IDENTITY_SECRET: 'c2VjcmV0' } });
    const env = container(manifests, 'scan').env ?? [];
    env.push({ name: 'API_KEY', valueFrom: { secretKeyRef: { name: 'undocumented-key', key: 'API_KEY' } } });
    expect(secretProblems(manifests, operationsGuide())).toEqual([
      'Secret bracelet-identity carries values: secrets are created outside the repository',
      'Secret undocumented-key is not described in docs/operations.md',
    ]);
  });

  it('same set: a process added to npm start without its manifests, a Deployment npm start does not run', () => {
    const compose = composeProcesses(loadCompose());
    const deployments = deploymentCommands(prod());
    const withBilling = [...processes, { name: 'billing', entry: 'services/billing/src/server.ts' }];
    expect(sameSetProblems(withBilling, compose, deployments, 'k8s/overlays/prod')).toEqual([
      'npm start runs billing; compose.yaml does not',
      'npm start runs billing; k8s/overlays/prod has no Deployment for it',
    ]);
    deployments.set('legacy', ['node', 'legacy.js']);
    compose.delete('scan');
    expect(sameSetProblems(processes, compose, deployments, 'k8s/overlays/prod')).toEqual([
      'npm start runs scan; compose.yaml does not',
      'k8s/overlays/prod deploys legacy, which npm start does not',
    ]);
  });

  it('compose: a value the specification refuses', () => {
    const compose = loadCompose();
    (compose.services.gateway?.depends_on as Record<string, { condition?: string }>).catalog = { condition: 'when_ready' };
    expect(composeSchemaValidator()(compose)).toContain(
      'compose.yaml/services/gateway/depends_on/catalog/condition must be equal to one of the allowed values',
    );
  });

  it('compose: no health check, no wait for migrations, an evicting Redis, a secret in .env.example', () => {
    const compose = loadCompose();
    delete compose.services.scan?.healthcheck;
    const family = compose.services.family as ComposeService;
    // depends_on is shared by every service through a YAML alias: replace family's, do not edit it.
    const { migrate: _migrate, ...others } = family.depends_on ?? {};
    family.depends_on = others;
    if (compose.services.redis) compose.services.redis.command = ['redis-server', '--appendonly', 'yes'];
    expect(composeProblems(compose, `${envExampleText()}\nIDENTITY_SECRET=hunter2\n`)).toEqual([
      'compose service family does not wait for the migrations (depends_on migrate: service_completed_successfully)',
      'compose service scan has no health check on /readyz',
      'Redis may evict (BullMQ needs noeviction)',
      '.env.example gives IDENTITY_SECRET a value: secrets stay out of the repository',
    ]);
  });

  it('compose: settings a process refuses', async () => {
    const compose = loadCompose();
    delete compose.services.notifier?.environment?.SMTP_URL;
    expect(await composeConfigProblems(compose)).toEqual([
      'compose service notifier: notifier would refuse its settings: SMTP_URL une URL smtp://… est attendue',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// The image's migration entry point, on a database of its own.

describe('scripts/migrate.ts (the image’s migration entry point)', () => {
  const { adminUrl, roleSecret } = inject('integration');
  const database = `bracelet_ops_${randomBytes(4).toString('hex')}`;
  const serverUrl = new URL(adminUrl);
  serverUrl.pathname = '/postgres';
  const freshAdminUrl = new URL(adminUrl);
  freshAdminUrl.pathname = `/${database}`;
  let created = false;

  afterAll(async () => {
    if (!created) return;
    const client = new pg.Client({ connectionString: serverUrl.toString() });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await client.end();
  });

  const run = async (args: string[], env: Record<string, string>) => {
    try {
      const { stdout, stderr } = await execFileAsync(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts/migrate.ts'), ...args], {
        cwd: repoRoot,
        env: { ...process.env, ...env },
        timeout: 60_000,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
    }
  };
  const adminEnv = { DATABASE_ADMIN_URL: freshAdminUrl.toString(), DB_ROLE_SECRET: roleSecret };
  const urlOf = (service: string) => serviceDatabaseUrl(freshAdminUrl.toString(), service as never, roleSecret);

  it('prepares an empty database as npm start does, writes the catalogue, opens the gates, and runs again harmlessly', async () => {
    const client = new pg.Client({ connectionString: serverUrl.toString() });
    await client.connect();
    await client.query(`CREATE DATABASE "${database}"`);
    await client.end();
    created = true;

    const urls = await run(['urls'], adminEnv);
    expect(urls.code, urls.stderr).toBe(0);
    expect(urls.stdout).toBe(dataServices.map((service) => `${service.toUpperCase()}_DATABASE_URL=${urlOf(service)}\n`).join(''));

    const gate = (service: string, timeout = '30') =>
      run(['wait', '--timeout', timeout], { DATABASE_URL: urlOf(service), DATABASE_SCHEMA: service });
    const closed = await gate('scan', '1');
    expect(closed.code).toBe(1);

    const first = await run([], adminEnv);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('Catalogue écrit : {"announced":["');
    for (const result of await Promise.all(dataServices.map((service) => gate(service)))) expect(result.code, result.stderr).toBe(0);

    const again = await run([], adminEnv);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('Catalogue écrit : {"announced":[]}');

    // A migration of the image that the schema lacks keeps the gate closed, and says which.
    const scan = new pg.Client({ connectionString: urlOf('scan') });
    await scan.connect();
    const { rows } = await scan.query<{ name: string }>(
      'DELETE FROM scan.service_migrations WHERE id = (SELECT max(id) FROM scan.service_migrations) RETURNING name',
    );
    await scan.end();
    const lagging = await gate('scan', '1');
    expect(lagging.code).toBe(1);
    expect(lagging.stderr).toContain(`dont ${rows[0]?.name}`);
  }, 120_000);

  it('refuses a missing admin URL and unknown arguments', async () => {
    const missing = await run(['urls'], { DATABASE_ADMIN_URL: '', DB_ROLE_SECRET: roleSecret });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('DATABASE_ADMIN_URL');
    const unknown = await run(['rollback'], adminEnv);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Usage : migrate.ts');
  });
});
