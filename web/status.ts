// The operators' strip: readiness, version, pools with live workers and queue depth, from GET /readyz.
// It refreshes on a timer while the page is visible and after every call the page makes.
import type { Readiness } from '../shared/schemas/responses.js';
import { getJson } from './api.js';
import { h } from './dom.js';

const REFRESH_MS = 15_000;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function stateText(r: Readiness): string {
  if (r.status === 'ready') return 'Ready';
  if (r.checks.redis === 'unreachable') return 'Not ready: the store (Redis) is unreachable';
  const idle = Object.entries(r.checks)
    .filter(([name, v]) => name.startsWith('workers_') && v !== 'ok')
    .map(([name]) => name.slice('workers_'.length));
  return idle.length ? `Not ready: no ${idle.join(' or ')} workers` : 'Not ready';
}

function items(r: Readiness | undefined): HTMLElement[] {
  const checked = h('li', { class: 'checked' }, `checked ${new Date().toLocaleTimeString('en-GB')}`);
  if (!r) {
    return [h('li', { 'data-field': 'state', class: 'state-unknown' }, dot(), 'Status unavailable: the server did not answer /readyz'), checked];
  }
  const list = [
    h('li', { 'data-field': 'state', class: r.status === 'ready' ? 'state-ready' : 'state-down' }, dot(), stateText(r)),
    h('li', { 'data-field': 'version' }, `version ${r.version}`),
  ];
  if (r.pools) {
    const pools = Object.entries(r.pools);
    const up = pools.filter(([, p]) => p.workers > 0).length;
    const detail = pools.map(([name, p]) => `${name} ${plural(p.workers, 'worker')}`).join(', ');
    list.push(h('li', { 'data-field': 'pools', 'data-ready': up, 'data-total': pools.length }, `pools ready ${up}/${pools.length} (${detail})`));
  }
  for (const [name, q] of Object.entries(r.queues ?? {})) {
    list.push(
      h(
        'li',
        { 'data-field': `queue-${name}`, 'data-waiting': q.waiting + q.delayed, 'data-active': q.active },
        `${name} queue: ${q.waiting + q.delayed} waiting, ${q.active} running`,
      ),
    );
  }
  list.push(checked);
  return list;
}

const dot = () => h('span', { class: 'dot', 'aria-hidden': 'true' });

export function statusStrip(list: HTMLElement, button: HTMLButtonElement) {
  let inFlight: Promise<void> | undefined;
  const refresh = () =>
    (inFlight ??= (async () => {
      const answer = await getJson<Readiness>('/readyz');
      list.replaceChildren(...items(answer?.body?.version ? answer.body : undefined));
    })().finally(() => (inFlight = undefined)));
  button.addEventListener('click', () => void refresh());
  setInterval(() => {
    if (document.visibilityState === 'visible') void refresh();
  }, REFRESH_MS);
  void refresh();
  return { refresh };
}
