// Output format: a named format (JSON, table, list...), an explicit "respond with" instruction,
// a schema or table skeleton, named sections, a size for the output, and a named deliverable.
import type { Features } from '../text/features.js';
import { missingWhen, on, upTo, type DimensionResult } from './util.js';

export function outputFormat(f: Features): DimensionResult {
  const l = f.lines;
  const formats = f.distinct.format;
  const schema = l.jsonKeys >= 2 || l.tableLines >= 2 || (l.codeFences >= 2 && formats > 0);
  const sections = l.labelLines >= 3 || l.headingLines >= 2;
  const raw =
    1 +
    2 * on(formats) + 0.75 * upTo(formats - 1, 2) +
    1.5 * on(f.hits.format_label) +
    2 * (schema ? 1 : 0) +
    (sections ? 1 : 0) +
    on(f.quantLimits * formats) +
    // A named deliverable (a Dockerfile, an email, a haiku) already implies a shape.
    1.5 * on(f.hits.deliverable);
  return {
    raw,
    missing: missingWhen([
      [formats === 0, 'format'],
      [!schema, 'schema'],
      [f.hits.format_label === 0, 'format_label'],
      [!sections, 'sections'],
    ]),
  };
}
