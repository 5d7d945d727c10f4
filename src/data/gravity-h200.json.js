// Data loader: the gravity benchmark measured on the H200 (data/bench/gravity-h200.json,
// written by bench/gravity-main.ts), or `null` while it has not been run. A loader instead
// of a FileAttachment of that file, because a missing file would be a 404 on the page.
import {existsSync, readFileSync} from "node:fs";
import {fileURLToPath} from "node:url";

const path = fileURLToPath(new URL("../../data/bench/gravity-h200.json", import.meta.url));
process.stdout.write(existsSync(path) ? readFileSync(path, "utf8") : "null");
