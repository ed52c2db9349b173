// Type-checked with moduleResolution bundler: the browser declarations, with init().
import init, { evaluate } from "tabeq";
import initTrust, { trustOperators } from "tabeq/trust";

await init();
await initTrust();
const passed: boolean = evaluate("a\n1\n", "a\n1\n", "{}").passed;
const count: number = trustOperators().length;
export { passed, count };
