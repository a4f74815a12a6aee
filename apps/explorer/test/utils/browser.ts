// Debian's Chromium (/usr/bin/chromium, `apt-get install chromium`) driven by playwright-core: no browser download.
// The flags are the ones that work on these machines: no sandbox as root, no GPU, and none of Chromium's own network
// traffic (this machine's closed network refuses it).
import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** Every page error, console error or warning and content-security-policy violation the page reports. */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`console ${message.type()}: ${message.text()}`);
  });
  void page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) => {
      throw new Error(`CSP violation: ${event.violatedDirective} at ${event.sourceFile}:${event.lineNumber}`);
    }),
  );
  return problems;
}
