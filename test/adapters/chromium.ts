// The page tests' browser: Debian's Chromium, headless, offline (no update checks, no sync), a fresh
// profile each run (playwright passes it as --user-data-dir).
import { chromium, type BrowserContext } from 'playwright-core';
import { tempDir } from '../live/helpers.js';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchChromium(): Promise<BrowserContext> {
  return chromium.launchPersistentContext(tempDir('chromium'), {
    executablePath: '/usr/bin/chromium', args: ARGS, viewport: { width: 1100, height: 900 },
  });
}
