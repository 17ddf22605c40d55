// Model providers: configuration (env.ts, spec.ts, roles.ts), pure lookups (resolve.ts) and the
// runtime registry of SDK clients (registry.ts).
export type { ModelRef } from './spec.js';
export { compareModels, offeredModels, proxyModel, resolveModel, roleModel } from './resolve.js';
export { createProviderRegistry, type ChatMessage, type ProviderRegistry } from './registry.js';
