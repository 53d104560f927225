/**
 * How this project drives Debian's Chromium: headless, as root in a sandbox without a GPU, on a
 * closed network (background networking would only produce refused connections).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
