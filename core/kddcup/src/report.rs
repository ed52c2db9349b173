//! The official `evaluate_predictions` report without IO: the binding lists the gold folder's
//! `task_*` folders and reads files when asked ([`RunFiles`]); [`run`] orders the tasks,
//! scores them, reads difficulties and aggregates exactly as the official does.

use serde::ser::{Serialize, SerializeMap, Serializer};
use tabeq::chars::{decimal_digit_value, python_repr};
use tabeq::command::{arg, command as new_command, Command};
use tabeq::cpython_json::{self, python_float_repr, Out, Value};
use tabeq::error::KddcupCode;

use crate::score::{check_penalty_weight, score_task, Fatal, GoldInput, Prediction, TaskScore};

/// Code point ranges where CPython 3.11's `str.isdigit()` is true (Numeric_Type Digit or
/// Decimal, Unicode 14.0): `[c for c in range(0x110000) if chr(c).isdigit()]`.
const ISDIGIT_RANGES: &[(u32, u32)] = &[
    (0x30, 0x39),
    (0xb2, 0xb3),
    (0xb9, 0xb9),
    (0x660, 0x669),
    (0x6f0, 0x6f9),
    (0x7c0, 0x7c9),
    (0x966, 0x96f),
    (0x9e6, 0x9ef),
    (0xa66, 0xa6f),
    (0xae6, 0xaef),
    (0xb66, 0xb6f),
    (0xbe6, 0xbef),
    (0xc66, 0xc6f),
    (0xce6, 0xcef),
    (0xd66, 0xd6f),
    (0xde6, 0xdef),
    (0xe50, 0xe59),
    (0xed0, 0xed9),
    (0xf20, 0xf29),
    (0x1040, 0x1049),
    (0x1090, 0x1099),
    (0x1369, 0x1371),
    (0x17e0, 0x17e9),
    (0x1810, 0x1819),
    (0x1946, 0x194f),
    (0x19d0, 0x19da),
    (0x1a80, 0x1a89),
    (0x1a90, 0x1a99),
    (0x1b50, 0x1b59),
    (0x1bb0, 0x1bb9),
    (0x1c40, 0x1c49),
    (0x1c50, 0x1c59),
    (0x2070, 0x2070),
    (0x2074, 0x2079),
    (0x2080, 0x2089),
    (0x2460, 0x2468),
    (0x2474, 0x247c),
    (0x2488, 0x2490),
    (0x24ea, 0x24ea),
    (0x24f5, 0x24fd),
    (0x24ff, 0x24ff),
    (0x2776, 0x277e),
    (0x2780, 0x2788),
    (0x278a, 0x2792),
    (0xa620, 0xa629),
    (0xa8d0, 0xa8d9),
    (0xa900, 0xa909),
    (0xa9d0, 0xa9d9),
    (0xa9f0, 0xa9f9),
    (0xaa50, 0xaa59),
    (0xabf0, 0xabf9),
    (0xff10, 0xff19),
    (0x104a0, 0x104a9),
    (0x10a40, 0x10a43),
    (0x10d30, 0x10d39),
    (0x10e60, 0x10e68),
    (0x11052, 0x1105a),
    (0x11066, 0x1106f),
    (0x110f0, 0x110f9),
    (0x11136, 0x1113f),
    (0x111d0, 0x111d9),
    (0x112f0, 0x112f9),
    (0x11450, 0x11459),
    (0x114d0, 0x114d9),
    (0x11650, 0x11659),
    (0x116c0, 0x116c9),
    (0x11730, 0x11739),
    (0x118e0, 0x118e9),
    (0x11950, 0x11959),
    (0x11c50, 0x11c59),
    (0x11d50, 0x11d59),
    (0x11da0, 0x11da9),
    (0x16a60, 0x16a69),
    (0x16ac0, 0x16ac9),
    (0x16b50, 0x16b59),
    (0x1d7ce, 0x1d7ff),
    (0x1e140, 0x1e149),
    (0x1e2f0, 0x1e2f9),
    (0x1e950, 0x1e959),
    (0x1f100, 0x1f10a),
    (0x1fbf0, 0x1fbf9),
];

/// `str.isdigit()`.
pub fn python_isdigit(text: &str) -> bool {
    !text.is_empty()
        && text.chars().all(|c| {
            let cp = c as u32;
            let i = ISDIGIT_RANGES.partition_point(|&(lo, _)| lo <= cp);
            i > 0 && cp <= ISDIGIT_RANGES[i - 1].1
        })
}

/// The sort key of `_task_sort_key`: `(0, int(suffix))` as the digits without leading zeros
/// (compared by length, then text), or `(1, task_id)`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum SortKey {
    Number(usize, Vec<u8>),
    Text(String),
}

fn sort_key(task_id: &str) -> Result<SortKey, Fatal> {
    if let Some(suffix) = task_id.strip_prefix("task_") {
        if python_isdigit(suffix) {
            let mut digits = Vec::with_capacity(suffix.len());
            for c in suffix.chars() {
                // isdigit but not a decimal digit (a superscript, a circled digit): int() raises
                // ValueError and the official run stops.
                let Some(d) = decimal_digit_value(c) else {
                    return Err(Fatal::new(
                        KddcupCode::TaskIdInvalid,
                        format!(
                            "invalid literal for int() with base 10: {}",
                            python_repr(suffix)
                        ),
                    ));
                };
                if !(digits.is_empty() && d == 0) {
                    digits.push(d);
                }
            }
            return Ok(SortKey::Number(digits.len(), digits));
        }
    }
    Ok(SortKey::Text(task_id.to_string()))
}

/// The task ids of a gold folder in the official order: of the names of the folders holding a
/// regular `gold.csv`, those matching `task_*`, each once, sorted by `_task_sort_key`
/// (`task_2` < `task_10` < other names by code point). Ids with equal keys (`task_1`,
/// `task_01`) keep the given order (the official's is its set's, which varies).
///
/// ```
/// use tabeq_kddcup::report::task_ids;
/// let names = ["task_10", "task_x", "task_2", "other"].map(String::from);
/// assert_eq!(task_ids(&names).unwrap(), ["task_2", "task_10", "task_x"]);
/// ```
pub fn task_ids(gold_task_names: &[String]) -> Result<Vec<String>, Fatal> {
    let mut keyed = Vec::new();
    for name in gold_task_names {
        if name.starts_with("task_") && !keyed.iter().any(|(_, n)| n == name) {
            keyed.push((sort_key(name)?, name.clone()));
        }
    }
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(keyed.into_iter().map(|(_, n)| n).collect())
}

/// `str(x)` of a float.
fn float_str(x: f64) -> String {
    if x.is_nan() {
        "nan".into()
    } else if x.is_infinite() {
        if x > 0.0 { "inf" } else { "-inf" }.into()
    } else {
        python_float_repr(x)
    }
}

/// `str(value)` (`repr` inside containers) of a value `json.loads` made.
fn python_str(value: &Value, top: bool) -> String {
    match value {
        Value::Null => "None".into(),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::Int(i) => i.to_string(),
        Value::BigInt(text) => text.clone(),
        Value::Float(x) => float_str(*x),
        Value::Str(s) if top => s.clone(),
        Value::Str(s) => python_repr(s),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(|v| python_str(v, false)).collect();
            format!("[{}]", parts.join(", "))
        }
        Value::Object(members) => {
            // A dict keeps a repeated key at its first place, with its last value.
            let mut entries: Vec<(&String, &Value)> = Vec::new();
            for (k, v) in members {
                match entries.iter_mut().find(|(key, _)| *key == k) {
                    Some(entry) => entry.1 = v,
                    None => entries.push((k, v)),
                }
            }
            let parts: Vec<String> = entries
                .iter()
                .map(|(k, v)| format!("{}: {}", python_repr(k), python_str(v, false)))
                .collect();
            format!("{{{}}}", parts.join(", "))
        }
    }
}

/// `_read_difficulty` from the bytes of `task.json` (`None`: no input folder, no such file
/// or an OSError): `str(payload.get("difficulty", "unknown"))`, `unknown` for text that is
/// not JSON (a byte-order mark included). Text that is not UTF-8 stops the official run with
/// a UnicodeDecodeError (fatal here too); a JSON value that is not an object makes it crash
/// with an AttributeError (here: `unknown`, see the spec).
///
/// ```
/// use tabeq_kddcup::report::difficulty;
/// assert_eq!(difficulty(Some(br#"{"difficulty": null}"#)).unwrap(), "None");
/// assert_eq!(difficulty(Some(br#"{"difficulty": [1.0, "a"]}"#)).unwrap(), "[1.0, 'a']");
/// assert_eq!(difficulty(Some(b"\xef\xbb\xbf{}")).unwrap(), "unknown");
/// assert_eq!(difficulty(None).unwrap(), "unknown");
/// ```
pub fn difficulty(task_json: Option<&[u8]>) -> Result<String, Fatal> {
    let Some(bytes) = task_json else {
        return Ok("unknown".into());
    };
    let text = core::str::from_utf8(bytes).map_err(|e| {
        Fatal::new(
            KddcupCode::TaskJsonNotUtf8,
            unicode_decode_message(bytes, e),
        )
    })?;
    let Ok(payload) = cpython_json::parse(text) else {
        return Ok("unknown".into());
    };
    Ok(match (&payload, payload.get("difficulty")) {
        (Value::Object(_), Some(value)) => python_str(value, true),
        _ => "unknown".into(),
    })
}

/// CPython's message for bytes decoded as a whole (`bytes.decode("utf-8")`).
fn unicode_decode_message(bytes: &[u8], e: core::str::Utf8Error) -> String {
    let start = e.valid_up_to();
    let (end, reason) = match e.error_len() {
        None => (bytes.len(), "unexpected end of data"),
        Some(n) => {
            let lead = bytes[start];
            let invalid_start = (0x80..=0xC1).contains(&lead) || lead >= 0xF5;
            let reason = if invalid_start {
                "invalid start byte"
            } else {
                "invalid continuation byte"
            };
            (start + n, reason)
        }
    };
    if end - start == 1 {
        format!(
            "'utf-8' codec can't decode byte 0x{:02x} in position {start}: {reason}",
            bytes[start]
        )
    } else {
        format!(
            "'utf-8' codec can't decode bytes in position {start}-{}: {reason}",
            end - 1
        )
    }
}

/// `str(Path(root) / part / ...)` on POSIX: empty and `.` components dropped, `//` kept
/// at the start only when exactly two.
pub fn join_path(root: &str, parts: &[&str]) -> String {
    let prefix = if root.starts_with("//") && !root.starts_with("///") {
        "//"
    } else if root.starts_with('/') {
        "/"
    } else {
        ""
    };
    let mut components: Vec<&str> = root
        .split('/')
        .filter(|c| !c.is_empty() && *c != ".")
        .collect();
    components.extend(parts.iter().copied().filter(|c| !c.is_empty() && *c != "."));
    let body = components.join("/");
    if prefix.is_empty() && body.is_empty() {
        return ".".into();
    }
    format!("{prefix}{body}")
}

/// The report's `meta`, in the official key order.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "KddcupMeta"))]
pub struct Meta {
    /// `str(predictions_root)`.
    pub predictions_root: String,
    /// `str(gold_root)`.
    pub gold_root: String,
    /// `str(input_root)` or `None`.
    pub input_root: Option<String>,
    /// The penalty weight.
    pub penalty_weight: f64,
    /// Whether commas are kept in numbers.
    pub strict_commas: bool,
    /// The time, `%Y-%m-%dT%H:%M:%SZ` in UTC (the caller's clock).
    pub evaluated_at: String,
}

/// One difficulty's tasks.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "KddcupDifficultyStats")
)]
pub struct DifficultyStats {
    /// Its number of tasks.
    pub count: usize,
    /// Their mean score (left-to-right sum, CPython 3.11).
    pub mean_score: f64,
}

/// The report's `aggregate`.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "KddcupAggregate"))]
pub struct Aggregate {
    /// Mean score over every task.
    pub total_score: f64,
    /// Mean recall.
    pub mean_recall: f64,
    /// Number of tasks.
    pub task_count: usize,
    /// Tasks with a score above 0.
    pub tasks_scored_nonzero: usize,
    /// Tasks with `missing_prediction`.
    pub tasks_missing: usize,
    /// Tasks with a `read_error:` status.
    pub tasks_with_read_errors: usize,
    /// Per difficulty (sorted by code point).
    #[cfg_attr(feature = "ts", ts(type = "Record<string, KddcupDifficultyStats>"))]
    pub by_difficulty: Entries<DifficultyStats>,
}

/// An ordered JSON object (a Python dict in insertion order).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Entries<T>(pub Vec<(String, T)>);

impl<T: Serialize> Serialize for Entries<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// `EvaluationReport.to_dict()`.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "KddcupReport"))]
pub struct Report {
    /// Inputs and time.
    pub meta: Meta,
    /// Every task's score, in task order.
    #[cfg_attr(feature = "ts", ts(type = "Record<string, KddcupTaskScore>"))]
    pub per_task: Entries<TaskScore>,
    /// The totals.
    pub aggregate: Aggregate,
    /// Each task's difficulty (not in the official report).
    #[serde(skip)]
    pub difficulties: Vec<String>,
}

impl Report {
    /// `json.dumps(report.to_dict(), ensure_ascii=False, indent=2) + "\n"`: the official
    /// `scores.json` text.
    pub fn to_official_json(&self) -> String {
        let mut text = tabeq::cpython_json::to_tree(self).to_pretty();
        text.push('\n');
        text
    }

    /// The official `score-run`'s summary line: `Total score: 0.1234 (n/m tasks non-zero; k missing)`.
    pub fn summary_line(&self) -> String {
        let a = &self.aggregate;
        format!(
            "Total score: {:.4} ({}/{} tasks non-zero; {} missing)",
            a.total_score, a.tasks_scored_nonzero, a.task_count, a.tasks_missing
        )
    }
}

/// What a binding found at a path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileRead {
    /// No regular file there.
    Missing,
    /// It could not be opened or read: `str(OSError)`.
    Unreadable(String),
    /// Its bytes.
    Bytes(Vec<u8>),
}

/// The files of a run, read on request (in the official's order: the prediction, then its
/// gold only when the prediction exists, then `task.json`).
pub trait RunFiles {
    /// `PREDICTIONS/task_id/prediction.csv` (`path`: its text).
    fn prediction(&mut self, task_id: &str, path: &str) -> FileRead;
    /// `GOLD/task_id/gold.csv`.
    fn gold(&mut self, task_id: &str, path: &str) -> FileRead;
    /// `INPUT/task_id/task.json`'s bytes; `None` without an input folder, when it is not a
    /// regular file or cannot be read (the official's OSError: `unknown`).
    fn task_json(&mut self, task_id: &str) -> Option<Vec<u8>>;
}

/// What the binding knows of the folders before any file is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// Whether the predictions folder is a directory.
    pub predictions_dir_exists: bool,
    /// Whether the gold folder is a directory.
    pub gold_dir_exists: bool,
    /// The names of the gold folder's subfolders that hold a regular `gold.csv` (any order).
    pub gold_task_names: Vec<String>,
}

/// `mean` as the official: `sum(values) / len(values)`, the sum from left to right.
fn mean(values: impl Iterator<Item = f64>, count: usize) -> f64 {
    let mut sum = 0.0;
    for v in values {
        sum += v;
    }
    sum / count as f64
}

/// The official `evaluate_predictions` (fatal errors in its order: weight, predictions
/// folder, gold folder, no gold, then per task a gold that cannot be read).
///
/// ```
/// use tabeq_kddcup::report::{run, FileRead, Layout, Meta, RunFiles};
/// struct Files;
/// impl RunFiles for Files {
///     fn prediction(&mut self, task: &str, _: &str) -> FileRead {
///         if task == "task_1" { FileRead::Bytes(b"a\n1\n".to_vec()) } else { FileRead::Missing }
///     }
///     fn gold(&mut self, _: &str, _: &str) -> FileRead { FileRead::Bytes(b"x\n1.0\n".to_vec()) }
///     fn task_json(&mut self, _: &str) -> Option<Vec<u8>> { Some(br#"{"difficulty": "easy"}"#.to_vec()) }
/// }
/// let meta = Meta {
///     predictions_root: "/run".into(), gold_root: "/gold".into(), input_root: None,
///     penalty_weight: 0.1, strict_commas: false, evaluated_at: "2026-01-01T00:00:00Z".into(),
/// };
/// let layout = Layout { predictions_dir_exists: true, gold_dir_exists: true,
///     gold_task_names: vec!["task_2".into(), "task_1".into()] };
/// let report = run(meta, &layout, &mut Files).unwrap();
/// assert_eq!(report.aggregate.total_score, 0.5);
/// assert!(report.to_official_json().contains("\"task_1\": {\n      \"status\": \"perfect_match\""));
/// ```
pub fn run(meta: Meta, layout: &Layout, files: &mut dyn RunFiles) -> Result<Report, Fatal> {
    check_penalty_weight(meta.penalty_weight)?;
    if !layout.predictions_dir_exists {
        return Err(Fatal::new(
            KddcupCode::PredictionsDirMissing,
            format!("Missing predictions directory: {}", meta.predictions_root),
        ));
    }
    if !layout.gold_dir_exists {
        return Err(Fatal::new(
            KddcupCode::GoldDirMissing,
            format!("Missing gold directory: {}", meta.gold_root),
        ));
    }
    let ids = task_ids(&layout.gold_task_names)?;
    if ids.is_empty() {
        return Err(Fatal::new(
            KddcupCode::NoGold,
            format!("No task_*/gold.csv files found under {}", meta.gold_root),
        ));
    }
    let mut per_task = Vec::with_capacity(ids.len());
    let mut difficulties = Vec::with_capacity(ids.len());
    for id in &ids {
        let prediction_path = join_path(&meta.predictions_root, &[id, "prediction.csv"]);
        let gold_path = join_path(&meta.gold_root, &[id, "gold.csv"]);
        let prediction_file = files.prediction(id, &prediction_path);
        let prediction = match &prediction_file {
            FileRead::Missing => Prediction::Missing,
            FileRead::Unreadable(os_error) => Prediction::Unreadable {
                path: &prediction_path,
                os_error,
            },
            FileRead::Bytes(bytes) => Prediction::Bytes {
                path: &prediction_path,
                bytes,
            },
        };
        let gold_file = if crate::score::needs_gold(&prediction) {
            files.gold(id, &gold_path)
        } else {
            FileRead::Bytes(Vec::new())
        };
        let gold = match &gold_file {
            FileRead::Missing => GoldInput::Missing { path: &gold_path },
            FileRead::Unreadable(os_error) => GoldInput::Unreadable {
                path: &gold_path,
                os_error,
            },
            FileRead::Bytes(bytes) => GoldInput::Bytes {
                path: &gold_path,
                bytes,
            },
        };
        let score = score_task(prediction, gold, meta.penalty_weight, meta.strict_commas)?;
        per_task.push((id.clone(), score));
        let task_json = if meta.input_root.is_some() {
            files.task_json(id)
        } else {
            None
        };
        difficulties.push(difficulty(task_json.as_deref())?);
    }
    let count = per_task.len();
    let mut groups: Vec<(String, Vec<f64>)> = Vec::new();
    for ((_, score), difficulty) in per_task.iter().zip(&difficulties) {
        match groups.iter_mut().find(|(d, _)| d == difficulty) {
            Some((_, scores)) => scores.push(score.score),
            None => groups.push((difficulty.clone(), vec![score.score])),
        }
    }
    groups.sort_by(|a, b| a.0.cmp(&b.0));
    let aggregate = Aggregate {
        total_score: mean(per_task.iter().map(|(_, s)| s.score), count),
        mean_recall: mean(per_task.iter().map(|(_, s)| s.recall), count),
        task_count: count,
        tasks_scored_nonzero: per_task.iter().filter(|(_, s)| s.score > 0.0).count(),
        tasks_missing: per_task
            .iter()
            .filter(|(_, s)| s.status == "missing_prediction")
            .count(),
        tasks_with_read_errors: per_task
            .iter()
            .filter(|(_, s)| s.status.starts_with("read_error:"))
            .count(),
        by_difficulty: Entries(
            groups
                .into_iter()
                .map(|(d, scores)| {
                    let n = scores.len();
                    let stats = DifficultyStats {
                        count: n,
                        mean_score: mean(scores.into_iter(), n),
                    };
                    (d, stats)
                })
                .collect(),
        ),
    };
    Ok(Report {
        meta,
        per_task: Entries(per_task),
        aggregate,
        difficulties,
    })
}

/// `tabeq kddcup`, the command group of `score-run`: the drop-in for `dabench score-run`.
///
/// ```
/// let grammar = tabeq::command::command_line(vec![tabeq_kddcup::report::command()]);
/// assert!(grammar.contains("\"--penalty-weight\""));
/// ```
pub fn command() -> Command {
    let score_run = new_command(
        "score-run",
        "score a KDD Cup 2026 Phase-1 run folder (drop-in for dabench score-run)",
        vec![
            arg("run_dir", "the run folder: task_*/prediction.csv").metavar("RUN_DIR"),
            arg("--gold-dir", "folder of task_*/gold.csv").required(),
            arg("--input-dir", "folder of task_*/task.json (difficulty)").optional(),
            arg("--output", "report file (default: RUN_DIR/scores.json)").optional(),
            arg(
                "--penalty-weight",
                "weight of the extra-column penalty (default 0.1)",
            )
            .kind("float")
            .with("default", Out::Float(0.1)),
            arg("--strict-commas", "keep commas in numbers").switch(),
            arg("--verbose", "print one score row per task").switch(),
        ],
    )
    .described(
        "Score RUN_DIR/task_*/prediction.csv against GOLD_DIR/task_*/gold.csv with the official \
         KDD Cup 2026 Phase-1 column-signature matching; writes the official report (scores.json) \
         and prints its console lines.",
    );
    let mut group = new_command("kddcup", "KDD Cup 2026 data-agent track, Phase 1", vec![]);
    group.commands.push(score_run);
    group
}
