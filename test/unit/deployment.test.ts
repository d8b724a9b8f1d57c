import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVER_NODE_FLAGS } from '../../scripts/lib/serverNodeFlags';
import { settingsProperties } from '../../src/server/settings/settingsSchema';

/** No container runtime here: the deployment files are checked by reading them. */
const root = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|PRIVATE_KEY|_PEM|DATABASE_URL|SMTP_URL|AUTHORIZATION|ACCESS_KEY/;
const SECRET_TEXT = /BEGIN [A-Z ]*PRIVATE KEY|:\/\/[^\s/:@]+:[^\s/@]+@/;

type Service = { image?: string; build?: unknown; healthcheck?: { test: string[] }; environment?: Record<string, string>; read_only?: boolean; deploy?: { replicas?: number } };

describe('Dockerfile', () => {
  const text = read('Dockerfile');
  const instructions = text.split('\n').filter((l) => /^[A-Z]+\s/.test(l));

  it('builds in stages and runs the compiled server as a non-root user with a health check', () => {
    expect(instructions.filter((l) => l.startsWith('FROM ')).length).toBeGreaterThanOrEqual(2);
    const users = instructions.filter((l) => l.startsWith('USER '));
    expect(users.at(-1)).toMatch(/^USER (?!root\b|0\b)\S+/);
    expect(text).toMatch(/^HEALTHCHECK .*\n?.*\/api\/health\/ready/m);
    // The flags node runs the server with everywhere else (npm start, the tests, the benchmarks).
    expect(instructions.at(-1)).toBe(`CMD ${JSON.stringify(['node', ...SERVER_NODE_FLAGS, 'dist/server/main.js']).replace(/","/g, '", "')}`);
    expect(text).toContain('npm ci --omit=dev');
    for (const folder of ['schemas', 'migrations', 'fixtures']) expect(text).toContain(`COPY ${folder} ./${folder}`);
  });

  it('holds no secrets', () => {
    for (const line of instructions.filter((l) => /^(ENV|ARG) /.test(l))) expect(line).not.toMatch(SECRET_NAME);
    expect(text).not.toMatch(SECRET_TEXT);
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as { services: Record<string, Service>; secrets?: Record<string, { file: string }> };
  const { app, db, proxy } = compose.services;

  it('runs two app replicas, read-only, in production, on PostgreSQL behind a reverse proxy, each with a health check', () => {
    expect(app?.deploy?.replicas).toBe(2);
    expect(app?.read_only).toBe(true);
    expect(app?.environment?.NODE_ENV).toBe('production');
    expect(db?.image).toMatch(/^postgres:/);
    expect(proxy?.image).toMatch(/^caddy:/);
    for (const [name, service] of Object.entries(compose.services)) expect(service.healthcheck?.test.length, name).toBeGreaterThan(0);
    expect(existsSync(join(root, 'deploy', 'Caddyfile'))).toBe(true);
    expect(read('deploy/Caddyfile')).toMatch(/dynamic a app 8080/);
  });

  it('holds no secrets: they come from .env and secret files', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      for (const key of Object.keys(service.environment ?? {})) {
        if (!key.endsWith('_FILE')) expect(key, `${name}.environment`).not.toMatch(SECRET_NAME);
      }
    }
    expect(read('compose.yaml')).not.toMatch(SECRET_TEXT);
    expect(read('.gitignore')).toContain('deploy/db_password.txt');
  });
});

describe('.env.example and README', () => {
  it('list every setting of the schema', () => {
    const example = read('.env.example');
    const readme = read('README.md');
    for (const name of Object.keys(settingsProperties)) {
      expect(example, name).toMatch(new RegExp(`^${name}=`, 'm'));
      expect(readme, name).toContain(`\`${name}\``);
    }
  });
});
