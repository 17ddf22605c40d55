// Debian's chromium driven by playwright-core: headless, a fresh profile per launch, nothing reaching
// out to the network on its own. `make test` installs chromium when it is missing.
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Screenshots for people to look at (ignored by git). */
export const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts/', import.meta.url));

export function chromiumFound(): boolean {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Saves a full-page screenshot as test/artifacts/<name>.png. */
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

export async function launch(): Promise<Browser> {
  // playwright passes --user-data-dir itself: a persistent context on a fresh folder is a fresh profile.
  const profile = mkdtempSync(join(tmpdir(), 'promptgate-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
    viewport: { width: 1100, height: 900 },
    locale: 'en-GB',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return {
    context,
    page,
    screenshot: async (name) => {
      await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
