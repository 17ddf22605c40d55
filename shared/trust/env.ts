// Environment variables of endpoint trust scoring; composed into shared/config.ts.
import { z } from 'zod';

export const trustEnvShape = {};

export function buildTrustConfig(_env: Record<string, unknown>) {
  return {};
}
