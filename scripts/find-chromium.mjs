// Finds the Chromium used by the Playwright tests: $CHROMIUM_PATH, else /usr/bin/chromium.
// Exits with a clear message when neither exists.
import {existsSync} from "node:fs";
const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].filter(Boolean);
const found = candidates.find((p) => existsSync(p));
if (!found) {
  console.error(
    "No Chromium found for the browser tests.\n" +
      "  Install Debian's browser:  sudo apt-get update && sudo apt-get install -y chromium\n" +
      "  or point CHROMIUM_PATH at a Chromium/Chrome binary (version 120 or newer, with WebGPU)."
  );
  process.exit(1);
}
console.log(`Chromium for browser tests: ${found}`);
