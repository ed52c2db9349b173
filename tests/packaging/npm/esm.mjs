// Node ESM: named imports of "tabeq" and "tabeq/trust" (the `node` + `import` conditions).
import { readFileSync } from "node:fs";
import * as tabeq from "tabeq";
import * as trust from "tabeq/trust";
import check from "./check.cjs";

const { version } = JSON.parse(readFileSync(new URL("./node_modules/tabeq/package.json", import.meta.url)));
check(tabeq, trust, version);
console.log("esm ok");
