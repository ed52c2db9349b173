// The profile registry through the WebAssembly modules: each module that holds a profile (score,
// spider2, kddcup) lists the same profiles as
// the core and Python (the shared fixture set, tests/fixtures/profiles.json), and each profile's
// module (its `wasm_module`) gives every fixture case its verdict; another module refuses it with
// `module_not_loaded`.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { ROOT, tabeq, tabeqKddcup, tabeqSpider2, tabeqTrust } from "./helpers.mjs";

const FIXTURES = JSON.parse(readFileSync(join(ROOT, "tests", "fixtures", "profiles.json"), "utf8"));
const MODULES = { tabeq_score: tabeq, tabeq_spider2: tabeqSpider2, tabeq_kddcup: tabeqKddcup };

test("every module that holds a profile lists the registry's profiles in order", () => {
  assert.equal(tabeqTrust.profiles, undefined);
  for (const module of [tabeq, tabeqSpider2, tabeqKddcup]) {
    const names = module.profiles().map((p) => p.name);
    assert.deepEqual(names, FIXTURES.names);
  }
  for (const profile of tabeq.profiles()) {
    assert.ok(Object.hasOwn(MODULES, profile.wasm_module), `${profile.name}: ${profile.wasm_module}`);
    assert.ok(profile.spec.startsWith("docs/spec/"));
  }
});

test("each profile's module gives every fixture case its verdict", () => {
  const homes = Object.fromEntries(tabeq.profiles().map((p) => [p.name, MODULES[p.wasm_module]]));
  for (const c of FIXTURES.cases) {
    const outcome = homes[c.profile].score(c.profile, c.prediction, c.gold, c.options);
    assert.deepEqual([outcome.profile, outcome.passed, outcome.score], [c.profile, c.passed, c.score], JSON.stringify(c));
    const bytes = (text) => new TextEncoder().encode(text);
    assert.deepEqual(homes[c.profile].score(c.profile, bytes(c.prediction), bytes(c.gold), c.options), outcome);
  }
});

test("another module, an unknown profile or option is a coded error", () => {
  assert.throws(() => tabeq.score("bird-ex", "[]", "[]", null), { code: "module_not_loaded" });
  assert.throws(() => tabeqKddcup.score("dataspace", "x\n1\n", "n\n1\n", {}), { code: "module_not_loaded" });
  assert.throws(() => tabeqSpider2.score("bird", "[]", "[]", null), { code: "invalid_argument" });
  assert.throws(() => tabeqSpider2.score("bird-ex", "[]", "[]", { order_matters: true }), { code: "invalid_argument" });
  assert.throws(() => tabeqSpider2.score("bird-ex", null, "[]", null), { code: "invalid_argument" });
});
