//! Trust metrics for Python: thin wrappers over `tabeq_trust`. The only logic here is file
//! access for manifests (paths resolved against the manifest's directory).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use pyo3::exceptions::{PyImportError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::{PyBackedBytes, PyBackedStr};
use pyo3::pyclass_init::PyClassInitializer;
use pyo3::types::{PyBytes, PyList, PyTuple};

use tabeq_surface::evaluator::cpython_json::{JsonInput, Out, Value};
use tabeq_surface::evaluator::csv::{Limits, MAX_CSV_BYTES};
use tabeq_surface::evaluator::doc::Document;
use tabeq_surface::evaluator::error::{render_message, CsvError, MessageCode, MessageData};
use tabeq_surface::trust::{self as trust, FileContent, FileRole};

use crate::fs::{read_prediction, read_regular_file, FinalLink, ReadError};

use crate::errors::TrustError;
use crate::py_values::{python_to_value, to_python, tree_to_python, DataError, DataRules};

fn to_py(e: trust::TrustError) -> PyErr {
    TrustError::new_err((e.message, e.code.code(), e.line))
}

/// A gold or config named by a manifest: opened first (non-blocking), then required to be a
/// regular file within the CSV size limit on the open descriptor, so a FIFO cannot hang it.
fn read_trusted_file(path: &Path) -> FileContent {
    let shown = path.display().to_string();
    match read_regular_file(path, MAX_CSV_BYTES as u64, FinalLink::Follow) {
        Ok(bytes) => FileContent::Bytes(bytes),
        Err(ReadError::Missing) => FileContent::Missing,
        Err(ReadError::Io(reason)) => FileContent::Invalid(CsvError::unreadable(&shown, reason)),
        Err(ReadError::Os(_, e)) => FileContent::Invalid(CsvError::unreadable(&shown, e)),
        Err(e) => FileContent::Invalid(CsvError::file(&shown, e)),
    }
}

/// A manifest file, resolved against the manifest's directory. Predictions follow the
/// evaluator's file rules (missing, not a regular file, symbolic link).
fn manifest_file(base_dir: &Path, path: &str, role: FileRole) -> FileContent {
    let full = base_dir.join(path);
    match role {
        FileRole::Prediction => read_prediction(&full, &Limits::OFFICIAL),
        FileRole::Gold | FileRole::Config => read_trusted_file(&full),
    }
}

/// A report class's `#[pymethods]`: a getter for each listed member of the report's JSON (a
/// copy, see [`TrustReport::section`]), a method for each rendering (the core's document in
/// that format), then the class's other methods.
macro_rules! report_class {
    (
        $class:ident { $($(#[doc = $doc:literal])* $member:ident,)* }
        renderings { $($(#[doc = $rdoc:literal])* $method:ident => $format:literal,)* }
        $($methods:tt)*
    ) => {
        #[pymethods]
        impl $class {
            $(
                $(#[doc = $doc])*
                #[getter]
                fn $member<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
                    let report = slf.cast::<TrustReport>()?;
                    report.get().section(slf.py(), stringify!($member))
                }
            )*
            $(
                $(#[doc = $rdoc])*
                fn $method(&self) -> PyResult<String> {
                    self.render($format)
                }
            )*
            $($methods)*
        }
    };
}

/// Python data (records, options, a log, samples) converted once into the value the trust
/// functions take where they take JSON text: the binding's own data never becomes text.
#[pyclass(frozen, module = "tabeq.trust", name = "TrustData")]
pub struct TrustData {
    value: Value,
}

/// A trust function's JSON argument: the user's own JSON text (a `str`, or a file's bytes read in
/// place), or converted data.
enum JsonArg {
    Text(PyBackedStr),
    Bytes(PyBackedBytes),
    Data(Py<TrustData>),
}

impl JsonArg {
    /// Text (`str`) or trust data.
    fn new(arg: &Bound<'_, PyAny>) -> PyResult<Self> {
        match arg.cast::<TrustData>() {
            Ok(data) => Ok(JsonArg::Data(data.clone().unbind())),
            Err(_) => Ok(JsonArg::Text(arg.extract()?)),
        }
    }

    /// Text, a file's bytes or trust data.
    fn new_or_bytes(arg: &Bound<'_, PyAny>) -> PyResult<Self> {
        if arg.is_instance_of::<PyBytes>() {
            return Ok(JsonArg::Bytes(arg.extract()?));
        }
        Self::new(arg)
    }

    /// The argument as the core reads it; bytes that are not UTF-8 are an `invalid_utf8`
    /// `TrustError` naming `what`.
    fn input(&self, what: &str) -> PyResult<JsonInput<'_>> {
        match self {
            JsonArg::Text(text) => Ok(JsonInput::Text(text)),
            JsonArg::Bytes(bytes) => std::str::from_utf8(bytes)
                .map(JsonInput::Text)
                .map_err(|e| {
                    let data = MessageData::new()
                        .text("what", what)
                        .int("byte", e.valid_up_to() as i128);
                    let message = render_message(MessageCode::NotUtf8At, &data).unwrap_or_default();
                    TrustError::new_err((message, "invalid_utf8", None::<usize>))
                }),
            JsonArg::Data(data) => Ok(JsonInput::Value(&data.get().value)),
        }
    }
}

/// ``value`` as trust data, as the core would read ``json.dumps(value, default=fallback)``
/// (NaN allowed): what cannot be converted is a `TrustError` with `code` naming ``what``
/// (whatever the data's own methods raise). A lone surrogate is an `ArgumentError`, or U+FFFD
/// with ``replace_surrogates`` (what ``json.dumps``'s ASCII escapes read back as).
#[pyfunction]
#[pyo3(signature = (value, what, code, fallback=None, *, replace_surrogates=false))]
fn trust_data(
    value: &Bound<'_, PyAny>,
    what: &str,
    code: &str,
    fallback: Option<&Bound<'_, PyAny>>,
    replace_surrogates: bool,
) -> PyResult<TrustData> {
    let py = value.py();
    let rules = DataRules {
        allow_nan: true,
        replace_surrogates,
        what,
        fallback,
    };
    let unreadable = |kind: &str, why: &str| {
        let message: String = format!("{what} cannot be read as JSON: {kind}: {why}")
            .chars()
            .take(300)
            .collect();
        TrustError::new_err((message, code.to_string(), None::<usize>))
    };
    match python_to_value(value, rules) {
        Ok(value) => Ok(TrustData { value }),
        Err(DataError::NotJson(kind, why)) => Err(unreadable(kind, &why)),
        Err(DataError::Raised(e)) => {
            let kind = e.get_type(py).name()?.to_string();
            Err(unreadable(&kind, &e.value(py).str()?.to_string()))
        }
        Err(DataError::Surrogate(e)) => Err(e),
    }
}

/// `copy.deepcopy(value)`: what a report hands out, so that changing it leaves the report as is.
fn deep_copy<'py>(value: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    value
        .py()
        .import("copy")?
        .call_method1("deepcopy", (value,))
}

/// What both trust reports hold: the core's report, its document, and the report's JSON as
/// Python data (read once; members hand out copies).
#[pyclass(frozen, subclass, module = "tabeq.trust", name = "TrustReport")]
pub struct TrustReport {
    report: trust::Report,
    document: Document,
    data: Py<PyAny>,
}

impl TrustReport {
    /// A member of the report as plain data (a copy, so that changing it leaves the report as
    /// the core computed it; `[]` when the report has none).
    fn section<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        match self.data.bind(py).get_item(name) {
            Ok(value) => deep_copy(&value),
            Err(_) => Ok(PyList::empty(py).into_any()),
        }
    }

    fn render(&self, format: &str) -> PyResult<String> {
        trust::render_document(&self.document, format).map_err(to_py)
    }
}

report_class! {
    TrustReport {
        /// The grouping keys.
        by,
        /// All records pooled.
        overall,
        /// One row per group, sorted by key.
        groups,
        /// The unweighted mean across datasets ("Avg."), when ``dataset`` is a grouping key.
        dataset_average,
        /// Completeness findings, each ``{"code", "message"}`` (errors under ``strict=True``).
        findings,
        /// Paired comparisons of every pair of models (with ``compare=True``), Holm-adjusted.
        comparisons,
    }
    renderings {
        /// The report as text: the paper's tables (percentages with two decimals), completeness
        /// findings, comparisons and the level trend, as rendered by the core.
        table => "text",
        /// The report as Markdown (tables; charts as inline SVG).
        to_markdown => "markdown",
        /// The report as an HTML fragment (tables, notes, SVG charts).
        to_html => "html",
        /// The report's tables as LaTeX (booktabs; the best value of each column in bold).
        to_latex => "latex",
        /// The report's charts as one SVG document (per-operator bars, level curves, heatmaps).
        to_svg => "svg",
        _repr_svg_ => "svg",
        __str__ => "text",
        __repr__ => "text",
    }

    /// The notebook view (the core's `Document::to_notebook_html`: a summary line, every part
    /// folded, colours following the notebook's theme).
    fn _repr_html_(&self) -> String {
        self.document.to_notebook_html()
    }

    /// The report as plain Python data (a deep copy of the core's JSON).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        deep_copy(self.data.bind(py))
    }

    /// The report as JSON text (rates as fractions, undefined values as null).
    #[pyo3(signature = (indent=Some(2)), text_signature = "(self, indent=2)")]
    fn to_json(&self, indent: Option<usize>) -> String {
        Value::from(&self.report.to_out()).to_python_json(indent)
    }

    /// A member of the report's JSON by name (a copy; `KeyError` when there is none).
    fn __getitem__<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        deep_copy(&self.data.bind(py).get_item(key)?)
    }

    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<TrustReport>() else {
            return Ok(false);
        };
        let py = slf.py();
        Ok(slf.get_type().is(other.get_type())
            && slf.get().data.bind(py).eq(other.get().data.bind(py))?)
    }

    /// Flat rows of a section (key columns, then numbers; intervals as ``*_ci_low/high``).
    #[pyo3(signature = (section="groups"))]
    fn rows<'py>(&self, py: Python<'py>, section: &str) -> PyResult<Bound<'py, PyAny>> {
        let rows = self
            .report
            .rows(section)
            .map_err(|e| PyValueError::new_err(e.message))?;
        tree_to_python(py, &Out::Array(rows))
    }

    /// A ``pandas.DataFrame`` of a section's flat rows (pandas is imported only here).
    #[pyo3(signature = (section="groups"))]
    fn to_pandas<'py>(&self, py: Python<'py>, section: &str) -> PyResult<Bound<'py, PyAny>> {
        let pandas = py.import("pandas").map_err(|e| {
            let data = MessageData::new()
                .text("what", "to_pandas()")
                .text("needed", "pandas")
                .text("package", "'tabeq[pandas]'");
            let message = render_message(MessageCode::NeedsPackage, &data).unwrap_or_default();
            let error = PyImportError::new_err(message);
            error.set_cause(py, Some(e));
            error
        })?;
        pandas.call_method1("DataFrame", (self.rows(py, section)?,))
    }

    /// Every section's flat rows as one CSV with a leading ``section`` column (fractions, not %).
    fn to_csv(&self) -> String {
        self.report.to_csv()
    }

    /// The report's files for a paper, ``[(name, text)]``: one ``.tex`` float per table and one
    /// ``.svg`` per figure, drawn for print from ``figure_options`` (JSON ``{"width_pt",
    /// "font_size_pt", "font"}``, as text or trust data). :func:`tabeq.trust.write_paper`
    /// writes them to a folder.
    #[pyo3(signature = (figure_options=None))]
    fn paper_files(
        &self,
        figure_options: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<(String, String)>> {
        let options = figure_options.map(JsonArg::new).transpose()?;
        let options = match &options {
            Some(arg) => arg.input("the figure options")?,
            None => JsonInput::Text(""),
        };
        self.report.paper_files_input(options).map_err(to_py)
    }
}

/// FRR, PRR, NRR and MRS per group, with "Avg." across datasets, operator-family micro
/// aggregates and cross-dataset Spearman agreement. Rates are fractions; tables show %.
#[pyclass(frozen, extends = TrustReport, module = "tabeq.trust", name = "ReliabilityReport")]
pub struct ReliabilityReport;

report_class! {
    ReliabilityReport {
        /// Micro aggregates per operator family (when grouped by operator).
        families,
        /// Micro aggregates over all operators (when grouped by operator).
        pooled,
        /// Spearman ρ of per-model MRS between each pair of datasets (when grouped by model, dataset).
        rank_agreement,
    }
    renderings {}
}

/// N, coverage, Acc_clean, ASR (None when undefined), RAD and Acc_rob per group, with ASR
/// per operator and per level, and "Avg." across datasets. Rates are fractions; tables show %.
#[pyclass(frozen, extends = TrustReport, module = "tabeq.trust", name = "RobustnessReport")]
pub struct RobustnessReport;

report_class! {
    RobustnessReport {
        /// From a manifest: one entry per manifest line with the evaluator's verdict.
        scored,
        /// Spearman of operator level vs ASR (with p-values and interval) and ASR(L3)/ASR(L0).
        level_trend,
    }
    renderings {}
}

/// How often the calling thread looks for a pending signal while the core works.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// `work()` on a worker thread under a cancel flag while this thread, without the GIL, looks for
/// a pending signal (Ctrl-C) every [`SIGNAL_POLL`]: on one the flag is set, the core stops at its
/// next poll (`tabeq_surface::evaluator::cancel`), its result is discarded and the signal's exception raised.
fn interruptible<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    let cancel = Arc::new(AtomicBool::new(false));
    let mut failure: Option<PyErr> = None;
    let result = py.detach(|| {
        let (sender, receiver) = mpsc::channel();
        std::thread::scope(|scope| {
            let flag = Arc::clone(&cancel);
            scope.spawn(move || {
                let out = tabeq_surface::evaluator::cancel::with_flag(&flag, work);
                let _ = sender.send(out);
            });
            loop {
                match receiver.recv_timeout(SIGNAL_POLL) {
                    Ok(out) => return Some(out),
                    Err(mpsc::RecvTimeoutError::Disconnected) => return None,
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                }
                if failure.is_none() {
                    if let Err(e) = Python::attach(|py| py.check_signals()) {
                        cancel.store(true, Ordering::Relaxed);
                        failure = Some(e);
                    }
                }
            }
        })
    });
    if let Some(e) = failure {
        return Err(e);
    }
    py.check_signals()?;
    result.ok_or_else(|| {
        TrustError::new_err((
            render_message(MessageCode::TrustStopped, &MessageData::new()).unwrap_or_default(),
            "interrupted",
            None::<usize>,
        ))
    })
}

/// Compute a report: `kind` is `reliability` or `robustness`; `records` and `options` are JSON
/// text or trust data, and `records` may be a file's bytes (UTF-8, read in place: a big label file
/// is never copied into a `str`). With `base_dir`, `records` is a robustness manifest's text whose
/// paths are resolved against it.
#[pyfunction]
#[pyo3(signature = (kind, records, options, base_dir=None))]
fn trust_report<'py>(
    py: Python<'py>,
    kind: &str,
    records: &Bound<'py, PyAny>,
    options: &Bound<'py, PyAny>,
    base_dir: Option<PathBuf>,
) -> PyResult<Bound<'py, PyAny>> {
    let (records, options) = (JsonArg::new_or_bytes(records)?, JsonArg::new(options)?);
    let (records, options) = (records.input("the records")?, options.input("the options")?);
    let report = interruptible(py, || match &base_dir {
        Some(dir) => {
            let mut files = |path: &str, role: FileRole| manifest_file(dir, path, role);
            trust::Report::from_input(kind, records, options, Some(&mut files))
        }
        None => trust::Report::from_input(kind, records, options, None),
    })?
    .map_err(to_py)?;
    let reliability = matches!(report, trust::Report::Reliability(_));
    let base = TrustReport {
        data: tree_to_python(py, &report.to_out())?.unbind(),
        document: report.to_document(),
        report,
    };
    let base = PyClassInitializer::from(base);
    Ok(if reliability {
        Bound::new(py, base.add_subclass(ReliabilityReport))?.into_any()
    } else {
        Bound::new(py, base.add_subclass(RobustnessReport))?.into_any()
    })
}

/// Spearman's result as plain data for `{"x": [...], "y": [...]}` (or objects paired by key;
/// JSON text or trust data), and its one-line summary.
#[pyfunction]
fn trust_spearman<'py>(
    py: Python<'py>,
    input: &Bound<'py, PyAny>,
) -> PyResult<(Bound<'py, PyAny>, String)> {
    let input = JsonArg::new(input)?;
    let report = trust::SpearmanReport::from_input(input.input("the input")?).map_err(to_py)?;
    Ok((to_python(py, &report)?, report.summary()))
}

/// The operator registry (built-ins plus the options' `operators`; JSON text or trust data)
/// as JSON (`format` `json`, the command's output) or rendered as a document.
#[pyfunction]
fn trust_operators(options: &Bound<'_, PyAny>, format: &str) -> PyResult<String> {
    let options = JsonArg::new(options)?;
    trust::render_operators_input(options.input("the options")?, format).map_err(to_py)
}

/// The operator registry (built-ins plus the options' `operators`; JSON text or trust data) as
/// a list of dicts.
#[pyfunction]
fn trust_operator_registry<'py>(
    py: Python<'py>,
    options: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let options = JsonArg::new(options)?;
    let registry = trust::operator_registry_input(options.input("the options")?).map_err(to_py)?;
    to_python(py, &registry)
}

/// Trust records (a list of dicts) from one inspect_ai eval log given as plain data (JSON text
/// or trust data, as are the options); the core decides what each field and score value means.
#[pyfunction]
fn trust_records_from_inspect<'py>(
    py: Python<'py>,
    log: &Bound<'py, PyAny>,
    options: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let (log, options) = (JsonArg::new(log)?, JsonArg::new(options)?);
    let (log, options) = (log.input("the log")?, options.input("the options")?);
    let records = py.detach(|| trust::inspect::records_from_inspect_tree(log, options));
    tree_to_python(py, &records.map_err(to_py)?)
}

/// Add the trust functions to the native module, and each track's built-in grouping keys
/// (`tabeq.trust.RELIABILITY_KEYS`, `ROBUSTNESS_KEYS`).
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let tracks = [
        ("TRUST_RELIABILITY_KEYS", trust::Track::Reliability),
        ("TRUST_ROBUSTNESS_KEYS", trust::Track::Robustness),
    ];
    for (name, track) in tracks {
        let keys = trust::GroupKey::builtins(track);
        m.add(
            name,
            PyTuple::new(m.py(), keys.iter().map(trust::GroupKey::name))?,
        )?;
    }
    m.add_function(wrap_pyfunction!(trust_spearman, m)?)?;
    m.add_function(wrap_pyfunction!(trust_operators, m)?)?;
    m.add_function(wrap_pyfunction!(trust_operator_registry, m)?)?;
    m.add_function(wrap_pyfunction!(trust_report, m)?)?;
    m.add_function(wrap_pyfunction!(trust_records_from_inspect, m)?)?;
    m.add_function(wrap_pyfunction!(trust_data, m)?)?;
    m.add_class::<TrustData>()?;
    m.add_class::<TrustReport>()?;
    m.add_class::<ReliabilityReport>()?;
    m.add_class::<RobustnessReport>()?;
    Ok(())
}
