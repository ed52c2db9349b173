
// ---- appended by scripts/build-wasm.sh (bindings-wasm/js/freed-guard.js) ----
// wasm-bindgen's free() zeroes the instance's pointer, and a later call throws "null pointer
// passed to rust" before Rust is reached, without a code. These wrappers throw a TabeqError with
// code "freed_object" instead, for every method and getter of the exported classes, free() included
// (a second free()). The list of classes is appended by the build script.
function __tabeqGuardFreed(classes) {
  const freed = (cls, key) => {
    const error = new Error(`${cls}.${key}: this ${cls} was freed (free() was called); create a new one`);
    error.name = "TabeqError";
    error.code = "freed_object";
    error.stage = "argument";
    error.taskId = null;
    error.line = null;
    return error;
  };
  for (const cls of classes) {
    const proto = cls.prototype;
    for (const key of Object.getOwnPropertyNames(proto)) {
      // __destroy_into_raw is free()'s own helper; the constructor is not called on an instance.
      if (key === "constructor" || key.startsWith("__")) continue;
      const descriptor = Object.getOwnPropertyDescriptor(proto, key);
      const guard = (inner) =>
        function (...args) {
          if (!this.__wbg_ptr) throw freed(cls.name, key);
          return inner.apply(this, args);
        };
      for (const slot of ["value", "get", "set"]) {
        if (typeof descriptor[slot] === "function") descriptor[slot] = guard(descriptor[slot]);
      }
      Object.defineProperty(proto, key, descriptor);
    }
  }
}
