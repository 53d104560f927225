import { prepareDatabase, type ServiceDatabaseUrls, uniqueQueuePrefix } from '@bracelet/devstack';
import type { TestProject } from 'vitest/node';
import { provideInfrastructure } from './infrastructure.js';

declare module 'vitest' {
  export interface ProvidedContext {
    integration: { adminUrl: string; roleSecret: string; redisUrl: string; serviceUrls: ServiceDatabaseUrls; queuePrefix: string };
  }
}

/** Creates this run's database and migrates every service once, as its own role. */
export default async function setup(project: TestProject) {
  const infrastructure = await provideInfrastructure('it');
  const serviceUrls = await prepareDatabase(infrastructure.adminUrl, infrastructure.roleSecret);
  project.provide('integration', {
    adminUrl: infrastructure.adminUrl,
    roleSecret: infrastructure.roleSecret,
    redisUrl: infrastructure.redisUrl,
    serviceUrls,
    queuePrefix: uniqueQueuePrefix('it'),
  });
  return () => infrastructure.dispose();
}
