// The page's entry: wires the form to the service. State lives in the DOM and in closures only;
// nothing is written to storage, cookies or the address bar (the API key least of all).
import type { FixInjectionResponse, FreeScoreResponse, ScoreResponse, VariantsResponse } from '../shared/schemas/responses.js';
import { type Answer, post } from './api.js';
import { byId, formatInt, h } from './dom.js';
import { type Described, describe } from './errors.js';
import { freeAllowance, freeScorePanel, injectionPanel, scorePanel, variantsPanel } from './results.js';
import { statusStrip } from './status.js';
import { promptLength, VOCAB } from './vocab.js';

const ui = {
  form: byId('form', HTMLFormElement),
  prompt: byId('prompt', HTMLTextAreaElement),
  promptCount: byId('prompt-count', HTMLParagraphElement),
  vertical: byId('vertical', HTMLSelectElement),
  key: byId('key', HTMLInputElement),
  score: byId('score', HTMLButtonElement),
  variants: byId('variants', HTMLButtonElement),
  variantCount: byId('count', HTMLSelectElement),
  injection: byId('injection', HTMLButtonElement),
  forget: byId('forget', HTMLButtonElement),
  needsKey: byId('needs-key', HTMLParagraphElement),
  notice: byId('notice', HTMLDivElement),
  announce: byId('announce', HTMLParagraphElement),
};

const panel = (name: string) => ({ section: byId(`${name}-result`, HTMLElement), body: byId(`${name}-body`, HTMLDivElement) });
const panels = { score: panel('score'), variants: panel('variants'), injection: panel('injection') };

const status = statusStrip(byId('status-list', HTMLUListElement), byId('status-refresh', HTMLButtonElement));

// ---- form set-up ----

const option = (value: string | number, selected: boolean) => h('option', { value, selected }, value);
ui.vertical.replaceChildren(...VOCAB.verticals.map((v) => option(v, v === 'general')));
ui.variantCount.replaceChildren(
  ...Array.from({ length: VOCAB.maxVariants }, (_, i) => option(i + 1, i + 1 === VOCAB.defaultVariants)),
);

const apiKey = () => ui.key.value.trim();

function onKeyChange() {
  const hasKey = apiKey() !== '';
  ui.variants.disabled = ui.injection.disabled = ui.variantCount.disabled = !hasKey;
  ui.forget.hidden = !hasKey;
  ui.needsKey.hidden = hasKey;
}

function onPromptChange() {
  const length = promptLength(ui.prompt.value);
  const over = length > VOCAB.maxPromptChars;
  ui.promptCount.textContent = `${formatInt(length)} / ${formatInt(VOCAB.maxPromptChars)} characters${over ? ': over the limit' : ''}`;
  ui.promptCount.classList.toggle('over', over);
}

// ---- messages ----

let countdown: ReturnType<typeof setInterval> | undefined;

function clearNotice() {
  clearInterval(countdown);
  ui.notice.hidden = true;
  ui.notice.replaceChildren();
  ui.notice.removeAttribute('data-retry-after');
}

function showNotice({ text, retryAfter, advice, requestId }: Described) {
  clearNotice();
  const parts: (Node | string)[] = [h('span', { class: 'notice-text' }, text)];
  if (retryAfter !== undefined) {
    ui.notice.dataset.retryAfter = String(retryAfter);
    // Outside the alert's announcement: a number changing every second would be read out each time.
    const wait = h('span', { class: 'wait', 'aria-live': 'off' });
    let left = retryAfter;
    const tick = () => {
      wait.textContent = left > 0 ? ` Try again in ${left} s.` : ' You can try again now.';
      if (left-- <= 0) clearInterval(countdown);
    };
    tick();
    countdown = setInterval(tick, 1000);
    parts.push(wait);
  }
  if (advice) parts.push(` ${advice}`);
  if (requestId) parts.push(h('span', { class: 'request-id' }, ` (request id ${requestId})`));
  ui.notice.replaceChildren(...parts);
  ui.notice.hidden = false;
}

function showPanel(name: keyof typeof panels, nodes: Node[], announcement: string) {
  const { section, body } = panels[name];
  body.replaceChildren(...nodes);
  section.hidden = false;
  ui.announce.textContent = announcement;
}

// ---- actions ----

let busy = false;

/**
 * One call at a time: checks the prompt, shows the answer or the failure in words. The button stays
 * enabled while busy (a disabled button would drop the keyboard focus); a second press is ignored.
 */
async function run<T>(button: HTMLButtonElement, busyLabel: string, request: (prompt: string) => Promise<Answer<T>>, show: (body: T, headers: Headers, prompt: string) => void) {
  if (busy) return;
  clearNotice();
  const prompt = ui.prompt.value;
  if (prompt.trim() === '') {
    showNotice({ text: 'Type a prompt first.' });
    ui.prompt.focus();
    return;
  }
  busy = true;
  const label = button.textContent;
  button.textContent = busyLabel;
  try {
    const answer = await request(prompt);
    if (answer.ok) show(answer.body, answer.headers, prompt);
    else showNotice(describe(answer.failure, prompt));
  } catch {
    showNotice({ text: 'The page could not show this answer. Reload the page and try again.' });
  } finally {
    busy = false;
    button.textContent = label;
    void status.refresh();
  }
}

const input = (prompt: string) => ({ prompt, vertical: ui.vertical.value });

function score() {
  const key = apiKey();
  if (!key) {
    return run(ui.score, 'Scoring…', (prompt) => post<FreeScoreResponse>('/api/score/free', input(prompt)), (body, headers) =>
      showPanel('score', freeScorePanel(body, freeAllowance(headers)), `Scored ${body.score} out of ${body.out_of}, grade ${body.grade}.`),
    );
  }
  return run(ui.score, 'Scoring…', (prompt) => post<ScoreResponse>('/api/score', input(prompt), key), (body) =>
    showPanel('score', scorePanel(body), `Scored ${body.score.total} out of ${body.score.out_of}, grade ${body.score.grade}.`),
  );
}

function usePrompt(text: string) {
  ui.prompt.value = text;
  onPromptChange();
  ui.prompt.focus();
}

const rankVariants = () =>
  run(
    ui.variants,
    'Ranking…',
    (prompt) => post<VariantsResponse>('/api/variants', { ...input(prompt), count: Number(ui.variantCount.value) }, apiKey()),
    (body) => showPanel('variants', variantsPanel(body, usePrompt), `${body.variants.length} variants ranked.`),
  );

const checkInjection = () =>
  run(
    ui.injection,
    'Checking…',
    (prompt) => post<FixInjectionResponse>('/api/fix-injection', { prompt }, apiKey()),
    (body, _headers, prompt) =>
      showPanel('injection', injectionPanel(body, prompt), body.injection_detected ? 'Injection detected.' : 'No injection detected.'),
  );

// ---- events ----

ui.form.addEventListener('submit', (event) => {
  event.preventDefault();
  void score();
});
ui.prompt.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    ui.form.requestSubmit();
  }
});
ui.prompt.addEventListener('input', onPromptChange);
ui.key.addEventListener('input', onKeyChange);
ui.variants.addEventListener('click', () => void rankVariants());
ui.injection.addEventListener('click', () => void checkInjection());
ui.forget.addEventListener('click', () => {
  ui.key.value = '';
  onKeyChange();
  ui.key.focus();
});

onKeyChange();
onPromptChange();
