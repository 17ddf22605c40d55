// The score drawn as SVG: a gauge for the total out of 80 and a bar chart of the 8 dimensions. Shapes
// are sized with attributes only (no inline styles: the CSP forbids them); colours come from style.css.
import type { DimensionName, Dimensions, Grade } from '../shared/schemas/common.js';
import { h, s } from './dom.js';

const DIMENSION_MAX = 10;

/** Chart labels, in the SPEC's order. */
const LABELS: Record<DimensionName, string> = {
  clarity: 'Clarity',
  specificity: 'Specificity',
  context: 'Context',
  constraints: 'Constraints',
  output_format: 'Output format',
  role_definition: 'Role',
  examples: 'Examples',
  cot_structure: 'Reasoning steps',
};
const DIMENSIONS = Object.keys(LABELS) as DimensionName[];

export interface GaugeData {
  total: number;
  outOf: number;
  grade: Grade;
  percentile?: number;
}

// A half circle of radius 80 around (100, 100); pathLength 100 makes the dash length a percentage.
const ARC = 'M 20 100 A 80 80 0 0 1 180 100';

export function gauge({ total, outOf, grade, percentile }: GaugeData): HTMLElement {
  const percent = Math.round((total / outOf) * 10_000) / 100;
  const ranked = percentile === undefined ? '' : `, higher than ${percentile}% of the calibration prompts`;
  const gradeClass = `grade-${grade.toLowerCase()}`;
  return h(
    'figure',
    { class: 'gauge', 'data-total': total, 'data-out-of': outOf, 'data-grade': grade },
    s(
      'svg',
      { viewBox: '0 0 200 116', width: 240, height: 139, role: 'img', 'aria-label': `Score ${total} out of ${outOf}, grade ${grade}${ranked}` },
      s('path', { d: ARC, class: 'gauge-track', pathLength: 100 }),
      s('path', { d: ARC, class: `gauge-value ${gradeClass}`, pathLength: 100, 'stroke-dasharray': `${percent} 100` }),
      s('text', { x: 100, y: 86, class: 'gauge-total', 'text-anchor': 'middle' }, total),
      s('text', { x: 100, y: 108, class: 'gauge-out-of', 'text-anchor': 'middle' }, `out of ${outOf}`),
    ),
    h(
      'figcaption',
      {},
      h('span', { class: `grade-badge ${gradeClass}` }, `Grade ${grade}`),
      percentile !== undefined && h('span', { class: 'percentile' }, `Higher than ${percentile}% of the calibration prompts`),
    ),
  );
}

// Bar chart geometry, in viewBox units.
const W = 560;
const TOP = 24;
const PLOT_H = 180;
const LEFT = 36;
const RIGHT = 8;
const LABEL_SPACE = 84;
const SLOT = (W - LEFT - RIGHT) / DIMENSIONS.length;
const BAR_W = 36;
const baseline = TOP + PLOT_H;
const yOf = (value: number) => baseline - (value / DIMENSION_MAX) * PLOT_H;

const level = (v: number) => (v <= 3 ? 'low' : v <= 6 ? 'mid' : 'high');

export function dimensionChart(dimensions: Dimensions): HTMLElement {
  const summary = DIMENSIONS.map((d) => `${LABELS[d]} ${dimensions[d]}`).join(', ');
  const grid = [0, 2, 4, 6, 8, 10].map((v) =>
    s(
      'g',
      { class: 'grid' },
      s('line', { x1: LEFT, x2: W - RIGHT, y1: yOf(v), y2: yOf(v) }),
      s('text', { x: LEFT - 8, y: yOf(v) + 4, 'text-anchor': 'end' }, v),
    ),
  );
  const bars = DIMENSIONS.map((name, i) => {
    const value = dimensions[name];
    const cx = LEFT + SLOT * i + SLOT / 2;
    const labelY = baseline + 16;
    return s(
      'g',
      { class: `bar bar-${level(value)}`, 'data-dimension': name, 'data-value': value },
      s('title', {}, `${LABELS[name]}: ${value} of ${DIMENSION_MAX}`),
      s('rect', { x: cx - BAR_W / 2, y: yOf(value), width: BAR_W, height: baseline - yOf(value), rx: 3 }),
      s('text', { x: cx, y: yOf(value) - 6, class: 'bar-value', 'text-anchor': 'middle' }, value),
      s('text', { x: cx, y: labelY, class: 'bar-label', 'text-anchor': 'end', transform: `rotate(-35 ${cx} ${labelY})` }, LABELS[name]),
    );
  });
  return h(
    'figure',
    { class: 'chart' },
    s(
      'svg',
      { viewBox: `0 0 ${W} ${TOP + PLOT_H + LABEL_SPACE}`, role: 'img', 'aria-label': `Dimension scores out of ${DIMENSION_MAX}: ${summary}` },
      ...grid,
      ...bars,
    ),
    h('figcaption', {}, `The 8 dimensions, each scored 1 to ${DIMENSION_MAX}; the total is their sum.`),
  );
}
