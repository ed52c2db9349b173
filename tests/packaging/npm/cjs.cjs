// Node CommonJS: require("tabeq") and require("tabeq/trust") (the `node` + `require` conditions).
const check = require("./check.cjs");
check(require("tabeq"), require("tabeq/trust"), require("tabeq/package.json").version);
console.log("cjs ok");
