// WCAG 2 contrast of the text the page shows, measured in the browser on computed styles: every
// rendered element with text of its own (HTML colour or SVG fill) against the first opaque background
// behind it. Returns the failures, empty when all text reads at AA (4.5:1, 3:1 for large text).
import type { Page } from 'playwright-core';

export interface ContrastFailure {
  text: string;
  ratio: number;
  needed: number;
}

export function lowContrastText(page: Page): Promise<ContrastFailure[]> {
  // Runs in the page: self-contained.
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (c: string): Rgba => {
      const n = (c.match(/[\d.]+/g) ?? []).map(Number);
      return [n[0] ?? 0, n[1] ?? 0, n[2] ?? 0, n[3] ?? 1];
    };
    const channel = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    const luminance = ([r, g, b]: Rgba) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const background = (el: Element | null): Rgba => {
      for (let e = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c[3] > 0) return c;
      }
      return [255, 255, 255, 1];
    };
    const failures: { text: string; ratio: number; needed: number }[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()).map((n) => n.textContent!.trim());
      if (!own.length) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // not rendered, or visually hidden for screen readers
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const fg = parse(el instanceof SVGElement ? style.fill : style.color);
      const bg = background(el instanceof SVGElement ? el.closest('svg') : el);
      const [l1, l2] = [luminance(fg), luminance(bg)].sort((a, b) => b - a) as [number, number];
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      if (ratio < needed) failures.push({ text: own.join(' ').slice(0, 60), ratio: Math.round(ratio * 100) / 100, needed });
    }
    return failures;
  });
}
