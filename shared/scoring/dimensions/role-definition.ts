// Role definition: a role line ("You are ..."), a persona noun inside it, expertise and a domain
// specialty. "expert" alone is worth little; "a senior Rust engineer who ..." is worth a lot.
import type { Features } from '../text/features.js';
import { missingWhen, on, type DimensionResult } from './util.js';

export function roleDefinition(f: Features): DimensionResult {
  const h = f.hits;
  const role = h.role_phrase > 0;
  const raw =
    1 +
    3 * on(h.role_phrase) +
    1.5 * on(h.persona) +
    1.5 * on(f.personaInRole) +
    on(h.expertise) +
    on(f.roleDomain) +
    (role && f.distinct.expertise >= 2 ? 1 : 0);
  return {
    raw,
    missing: missingWhen([
      [!role, 'role_line'],
      [f.personaInRole === 0, 'persona'],
      [h.expertise === 0, 'expertise'],
      [f.roleDomain === 0, 'specialty'],
    ]),
  };
}
