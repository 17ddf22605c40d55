// Every operation row the API mounts, in the order the documents list them.
import { analysisOperations } from './analysis.js';
import type { Operation } from './operation.js';
import { proxyOperations } from './proxy.js';
import { safetyOperations } from './safety.js';
import { scoringOperations } from './scoring.js';

export const OPERATIONS: Operation[] = [...scoringOperations, ...analysisOperations, ...safetyOperations, ...proxyOperations];
