
// ---- appended by scripts/build-wasm.sh (bindings-wasm/js/credit-gold.js) ----
// Gold.partialCredit: the score module's Gold has no partial credit (it would cost a third of that
// module); the explain module's CreditGold prepares the same gold at the first call. The arguments
// are kept for that call: bytes and config objects as they were at construction (copied, as the
// score module copies them).
function __tabeqWithPartialCredit(Gold, explainModule) {
  const snapshot = (value) => {
    if (value instanceof ArrayBuffer) return value.slice(0);
    if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice();
    if (value !== null && typeof value === "object") return JSON.stringify(value);
    return value;
  };
  const state = new WeakMap();
  class GoldWithCredit extends Gold {
    constructor(gold, config, options) {
      super(gold, config, options);
      state.set(this, { args: [snapshot(gold), snapshot(config), options], credit: null });
    }

    partialCredit(predictions, options) {
      const own = state.get(this);
      own.credit ??= new (explainModule().CreditGold)(...own.args);
      return own.credit.partialCredit(predictions, options);
    }

    free() {
      state.get(this)?.credit?.free();
      state.delete(this);
      super.free();
    }
  }
  Object.defineProperty(GoldWithCredit, "name", { value: "Gold" });
  __tabeqGuardFreed([GoldWithCredit]);
  return GoldWithCredit;
}
