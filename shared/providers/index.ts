// Model providers: configuration (env.ts, spec.ts, roles.ts), pure lookups (resolve.ts) and the
// runtime registry of SDK clients (registry.ts).
export type { Citation, CompareModels, ModelRef, ProvidersConfig, ProviderSpec } from './spec.js';
export { ProvidersConfigError } from './roles.js';
export { compareModels, listModels, proxyModel, resolveModel, roleModel } from './resolve.js';
export { createProviderRegistry, type ChatMessage, type ChatOptions, type ChatResult, type ProviderRegistry } from './registry.js';
