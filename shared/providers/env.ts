// Environment variables of the model providers; composed into shared/config.ts.
import { z } from 'zod';

export const providersEnvShape = {};

export function buildProvidersConfig(_env: Record<string, unknown>) {
  return {};
}
