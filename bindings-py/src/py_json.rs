//! Python's `json` module, for what is JSON by nature: the core's records (their JSON text is
//! the documented output) and the user's own JSON. Below every module that hands records over.

use pyo3::prelude::*;
use pyo3::types::PyDict;

/// `json.loads(text)`: the core's JSON record as Python data.
pub(crate) fn json_loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

/// `json.dumps(data, ensure_ascii=False, indent=indent)`: Python's own text for plain data.
pub(crate) fn json_dumps(data: &Bound<'_, PyAny>, indent: Option<usize>) -> PyResult<String> {
    let py = data.py();
    let options = PyDict::new(py);
    options.set_item("ensure_ascii", false)?;
    options.set_item("indent", indent)?;
    let dumps = py.import("json")?.getattr("dumps")?;
    dumps.call((data,), Some(&options))?.extract()
}
