// Building DOM without HTML strings: the page runs under Trusted Types (no innerHTML), and text from
// the server or the user only ever reaches the page as text nodes.
type Attrs = Record<string, string | number | boolean | undefined>;
export type Child = Node | string | number | null | undefined | false;

const SVG_NS = 'http://www.w3.org/2000/svg';

function fill<E extends Element>(el: E, attrs: Attrs, children: Child[]): E {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'number' ? String(child) : child);
  }
  return el;
}

/** An HTML element with attributes and children. */
export const h = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]) =>
  fill(document.createElement(tag), attrs, children);

/** An SVG element with attributes and children. */
export const s = <K extends keyof SVGElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]) =>
  fill(document.createElementNS(SVG_NS, tag) as SVGElementTagNameMap[K], attrs, children);

/** The element with this id, of this type; a page without it is a build error worth failing on. */
export function byId<T extends HTMLElement>(id: string, type: { new (): T }): T {
  const el = document.getElementById(id);
  if (!(el instanceof type)) throw new Error(`page element #${id} is missing`);
  return el;
}

/** `output_format` → `output format`. */
export const words = (name: string) => name.replace(/_/g, ' ');

export const formatInt = (n: number) => n.toLocaleString('en-US');
