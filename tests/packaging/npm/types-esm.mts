// Type-checked with moduleResolution nodenext (ESM): the `node` + `import` declarations.
import { evaluate, type TaskResult } from "tabeq";
import { trustOperators } from "tabeq/trust";

const result: TaskResult = evaluate("a\n1\n", "a\n1\n", "{}");
const passed: boolean = result.passed;
const count: number = trustOperators().length;
export { passed, count };
