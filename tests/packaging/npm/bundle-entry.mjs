// Bundled by esbuild for the browser (its default conditions select the `module` build, with the
// WebAssembly inlined), then run in Node: nothing of the package may be loaded from disk at run time.
import * as tabeq from "tabeq";
import * as trust from "tabeq/trust";
import pkg from "tabeq/package.json";
import check from "./check.cjs";

check(tabeq, trust, pkg.version);
console.log("bundle ok");
