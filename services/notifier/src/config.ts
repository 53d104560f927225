import { baseConfigSchema } from '@bracelet/service-kit';

export const configSchema = baseConfigSchema;
export type Config = typeof configSchema._output;
