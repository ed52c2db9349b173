// Type-checked with moduleResolution nodenext (CommonJS): the `node` + `require` declarations.
import tabeq = require("tabeq");
import trust = require("tabeq/trust");

const passed: boolean = tabeq.evaluate("a\n1\n", "a\n1\n", "{}").passed;
const count: number = trust.trustOperators().length;
export { passed, count };
