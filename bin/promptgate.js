#!/usr/bin/env node
// Shim for the `promptgate` bin: runs the compiled CLI (npm run build writes dist/).
import { main } from '../dist/scripts/promptgate.js';

await main();
