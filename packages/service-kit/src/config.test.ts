import { describe, expect, it } from 'vitest';
import { baseConfigSchema, ConfigError, parseConfig } from './config.js';

describe('parseConfig', () => {
  it('names every bad field at once', () => {
    const parse = () => parseConfig('scan', baseConfigSchema, { PORT: 'abc', DATABASE_URL: 'nope', DATABASE_SCHEMA: 'scan' });
    expect(parse).toThrow(ConfigError);
    try {
      parse();
    } catch (error) {
      expect(Object.keys((error as ConfigError).fields).sort()).toEqual(['DATABASE_URL', 'IDENTITY_SECRET', 'PORT', 'REDIS_URL']);
      expect((error as Error).message).toContain('Invalid configuration for scan');
    }
  });

  it('applies defaults to a valid environment', () => {
    const config = parseConfig('scan', baseConfigSchema, {
      PORT: '3101',
      DATABASE_URL: 'postgres://u@127.0.0.1/db',
      DATABASE_SCHEMA: 'scan',
      REDIS_URL: 'redis://127.0.0.1:6379',
      IDENTITY_SECRET: 'x'.repeat(32),
    });
    expect(config).toMatchObject({ PORT: 3101, QUEUE_PREFIX: 'bracelet', LOG_LEVEL: 'info', HOST: '127.0.0.1' });
  });
});
