//! `tabeq.explain.Diagnosis`, native: it holds the core's [`HeldDiagnosis`], whose facts,
//! one-line form and documents are the core's.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use tabeq_surface::evaluator::output::HeldDiagnosis;

use crate::py_values::value_to_python;
use crate::render;

/// A structured diagnosis of one prediction (read-only).
///
/// ``to_dict()`` gives the full record (layout in ``docs/explain.md``); the properties are
/// shortcuts to its most used parts. ``passed`` and ``result`` are the official verdict.
#[pyclass(frozen, module = "tabeq.explain", name = "Diagnosis")]
pub(crate) struct PyDiagnosis {
    pub(crate) inner: HeldDiagnosis,
}

#[pymethods]
impl PyDiagnosis {
    /// A diagnosis from its JSON text (what ``to_json`` writes); it renders its official
    /// record only.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<Self> {
        let inner = HeldDiagnosis::from_json(text).map_err(PyValueError::new_err)?;
        Ok(PyDiagnosis { inner })
    }
    /// The official verdict.
    #[getter]
    fn passed(&self) -> bool {
        self.inner.record().passed
    }
    #[getter]
    fn task_id(&self) -> &str {
        &self.inner.record().task_id
    }
    /// The official error code (``None`` when passed).
    #[getter]
    fn error_code(&self) -> Option<&'static str> {
        self.inner.record().error_code.map(|c| c.code())
    }
    /// One paragraph for people.
    #[getter]
    fn summary(&self) -> &str {
        self.inner.summary()
    }
    /// The official per-task record, exactly as ``evaluate`` reports it.
    #[getter]
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.to_dict(py)?.get_item("result")
    }
    /// Near misses: ``{"name", "would_pass", "message", "columns"}`` each.
    #[getter]
    fn hints<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.to_dict(py)?.get_item("hints")
    }
    #[getter]
    fn hint_names(&self) -> Vec<&str> {
        self.inner.hint_names()
    }
    /// ``column_signature``, ``rows`` and ``columns`` scores (not the official score).
    #[getter]
    fn partial_credit<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.to_dict(py)?.get_item("partial_credit")
    }
    /// The whole diagnosis as plain data (a copy).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        value_to_python(py, &self.inner.to_value())
    }
    /// The whole diagnosis as JSON text (``json.dumps`` of ``to_dict()``, non-ASCII kept).
    #[pyo3(signature = (indent=Some(2)), text_signature = "(self, indent=2)")]
    fn to_json(&self, indent: Option<usize>) -> String {
        self.inner.to_value().to_python_json(indent)
    }
    /// The diagnosis for people, as plain text (rendered by the core).
    fn to_text(&self) -> PyResult<String> {
        self.native_render("text", None)
    }
    /// The diagnosis as Markdown.
    fn to_markdown(&self) -> PyResult<String> {
        self.native_render("markdown", None)
    }
    /// The notebook view (the core's `Document::to_notebook_html`).
    fn _repr_html_(&self) -> PyResult<String> {
        self.native_render(tabeq_surface::evaluator::doc::NOTEBOOK, None)
    }
    /// The document rendered as `format`; with the verdict the task was scored with, a
    /// diagnosis that disagrees (the files changed since) says so.
    #[pyo3(name = "_native_render", signature = (format, scored=None))]
    fn native_render(
        &self,
        format: &str,
        scored: Option<(bool, Option<String>)>,
    ) -> PyResult<String> {
        let scored = scored
            .as_ref()
            .map(|(passed, code)| (*passed, code.as_deref()));
        render(&self.inner.document(scored), format)
    }
    fn __eq__(&self, py: Python<'_>, other: &Self) -> PyResult<bool> {
        self.to_dict(py)?.eq(other.to_dict(py)?)
    }
    fn __repr__(&self) -> String {
        self.inner.repr()
    }
}
