// Bundled by esbuild for the browser (its default conditions select the `module` build, which
// loads pkg/'s .wasm files by URL), then run in Node by run-bundle.mjs without the package installed.
import * as tabeq from "tabeq";
import * as trust from "tabeq/trust";
import pkg from "tabeq/package.json";
import check from "./check.cjs";

check(tabeq, trust, pkg.version);
console.log("bundle ok");
