// Checks what the tests need before they run, with a clear message for each gap:
//  - a Chromium for Playwright: $CHROMIUM_PATH, else /usr/bin/chromium;
//  - the Vulkan loader (libvulkan.so.1) and SwiftShader ICD for Dawn's Node kernel tests
//    (unless VK_ICD_FILENAMES / VK_DRIVER_FILES point at another driver).
import {existsSync} from "node:fs";
import {execSync} from "node:child_process";
const problems = [];
// the same choice as playwright.config.ts: $CHROMIUM_PATH when set, else /usr/bin/chromium
const found = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!existsSync(found))
  problems.push(
    process.env.CHROMIUM_PATH
      ? `CHROMIUM_PATH is set to ${found}, which does not exist.`
      : "No Chromium at /usr/bin/chromium for the browser tests (set CHROMIUM_PATH, or install Debian's chromium)."
  );
let vulkan = false;
try {
  vulkan = /libvulkan\.so\.1/.test(execSync("ldconfig -p", {encoding: "utf8"}));
} catch {
  vulkan = ["/usr/lib/x86_64-linux-gnu/libvulkan.so.1", "/usr/lib/aarch64-linux-gnu/libvulkan.so.1"].some(existsSync);
}
if (!vulkan) problems.push("No Vulkan loader (libvulkan.so.1) for Dawn, the WebGPU used by the Node kernel tests.");
if (!process.env.VK_ICD_FILENAMES && !process.env.VK_DRIVER_FILES && !existsSync("/usr/lib/chromium/vk_swiftshader_icd.json"))
  problems.push("No SwiftShader Vulkan driver (/usr/lib/chromium/vk_swiftshader_icd.json, from Debian's chromium).");
if (problems.length) {
  console.error(
    "The tests cannot run on this machine yet:\n  - " +
      problems.join("\n  - ") +
      "\nInstall with:  sudo apt-get update && sudo apt-get install -y chromium libvulkan1\n" +
      "(or point CHROMIUM_PATH at a Chromium/Chrome 120+ binary with WebGPU)."
  );
  process.exit(1);
}
console.log(`Test environment: Chromium ${found}, Vulkan loader present.`);
