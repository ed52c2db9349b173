//! The official `evaluate.py --mode exec_result` run, without IO: which instances are scored,
//! which gold files each one uses, the per-instance scores, and the text and files the run
//! writes. The caller lists the directories and reads the files this plan names.

use serde::Serialize;
use tabeq::command::{self as grammar, arg, Command};
use tabeq::cpython_json::{parse, Value};

use crate::compare::{GoldKind, PreparedGold};
use crate::condition::{Condition, Variant};
use crate::read::read_csv;
use crate::value::{float_str, py_str_repr};
use tabeq::error::Spider2Code;

/// The official denominator of its "Real score" line (the size of Spider 2.0-lite).
pub const REAL_TOTAL: usize = 547;

/// One instance's evaluation standard (a line of `spider2lite_eval.jsonl`).
#[derive(Debug, Clone, PartialEq)]
pub struct Standard {
    /// The instance id.
    pub instance_id: String,
    /// `condition_cols`, if the line has the key.
    pub condition_cols: Option<Value>,
    /// `ignore_order` (Python truthiness; absent is false).
    pub ignore_order: bool,
    /// Whether the line has the `ignore_order` key (Snow's run reads it with `[...]`).
    pub has_ignore_order: bool,
}

/// A problem with the eval file (the official run stops on it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EvalFileError {
    /// Stable snake_case code.
    pub code: &'static str,
    /// What is wrong.
    pub message: String,
}

impl core::fmt::Display for EvalFileError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Parse `spider2lite_eval.jsonl` as the official does (`json.loads(line.strip())` per line; a
/// later line with the same id replaces the earlier one, keeping its place).
pub fn parse_eval_jsonl(data: &[u8]) -> Result<Vec<Standard>, EvalFileError> {
    let text = core::str::from_utf8(data).map_err(|e| EvalFileError {
        code: Spider2Code::EvalFileInvalid.code(),
        message: format!("the eval file is not UTF-8 (byte {})", e.valid_up_to()),
    })?;
    let mut out: Vec<Standard> = Vec::new();
    // Python's text mode reads \r\n and \r as \n.
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    for (n, line) in text.split_inclusive('\n').enumerate() {
        let item = parse(line.trim_matches(py_whitespace)).map_err(|e| EvalFileError {
            code: Spider2Code::EvalFileInvalid.code(),
            message: format!("line {} of the eval file is not JSON: {e}", n + 1),
        })?;
        let id = match item.get("instance_id") {
            Some(Value::Str(s)) => s.clone(),
            _ => {
                return Err(EvalFileError {
                    code: Spider2Code::EvalFileInvalid.code(),
                    message: format!("line {} of the eval file has no string instance_id", n + 1),
                })
            }
        };
        let standard = Standard {
            condition_cols: item.get("condition_cols").cloned(),
            ignore_order: item.get("ignore_order").is_some_and(Value::truthy),
            has_ignore_order: item.get("ignore_order").is_some(),
            instance_id: id,
        };
        match out
            .iter_mut()
            .find(|s| s.instance_id == standard.instance_id)
        {
            Some(slot) => *slot = standard,
            None => out.push(standard),
        }
    }
    Ok(out)
}

fn py_whitespace(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// `Path(name).stem` for a name ending in `.csv`.
fn csv_stem(name: &str) -> Option<&str> {
    let stem = name.strip_suffix(".csv")?;
    // `Path(".csv").stem` is ".csv": a dot file has no suffix.
    Some(if stem.is_empty() { name } else { stem })
}

/// Which gold files an instance uses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "files", rename_all = "lowercase")]
pub enum GoldFiles {
    /// `ID.csv` exists: the single-gold comparison.
    Single(String),
    /// `ID_a.csv`, `ID_b.csv`, … (sorted): the multi-gold comparison.
    Multi(Vec<String>),
    /// None found: score 0, "No matching gold file found".
    None,
}

/// One instance the run scores.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Planned {
    /// The instance id.
    pub instance_id: String,
    /// The prediction file name in the result directory (`ID.csv`).
    pub prediction_file: String,
    /// The gold file names in the gold `exec_result` directory.
    pub gold: GoldFiles,
    /// Its standard.
    #[serde(skip)]
    pub standard: Standard,
}

/// The official `resolve_gold_paths`: `ID.csv` if it exists, else the sorted names matching
/// `^ID(_[a-z])?\.csv$`.
pub fn resolve_gold(instance_id: &str, gold_names: &[String]) -> GoldFiles {
    let single = format!("{instance_id}.csv");
    if gold_names.contains(&single) {
        return GoldFiles::Single(single);
    }
    let mut found: Vec<String> = gold_names
        .iter()
        .filter(|n| {
            n.strip_prefix(instance_id)
                .and_then(|rest| rest.strip_suffix(".csv"))
                .is_some_and(|mid| {
                    let b = mid.as_bytes();
                    b.is_empty() || (b.len() == 2 && b[0] == b'_' && b[1].is_ascii_lowercase())
                })
        })
        .cloned()
        .collect();
    found.sort();
    if found.is_empty() {
        GoldFiles::None
    } else {
        GoldFiles::Multi(found)
    }
}

/// The instances the run scores: ids in both the eval file and the result directory (files
/// ending in `.csv`), sorted.
pub fn plan(
    standards: &[Standard],
    result_names: &[String],
    gold_names: &[String],
) -> Vec<Planned> {
    plan_variant(standards, result_names, gold_names, Variant::Lite)
}

/// A result file's instance id: lite's `Path(name).stem`, Snow's `name.split(".")[0]` (so
/// `sf1.v2.csv` is `sf1.v2` in lite and `sf1` in Snow, which then reads `sf1.csv`).
fn result_id(name: &str, variant: Variant) -> Option<&str> {
    match variant {
        Variant::Lite => csv_stem(name),
        Variant::Snow => name
            .ends_with(".csv")
            .then(|| name.split('.').next().unwrap_or(name)),
    }
}

/// [`plan`] as `variant`'s run lists the result directory.
pub fn plan_variant(
    standards: &[Standard],
    result_names: &[String],
    gold_names: &[String],
    variant: Variant,
) -> Vec<Planned> {
    let mut ids: Vec<&Standard> = standards
        .iter()
        .filter(|s| {
            result_names
                .iter()
                .any(|n| result_id(n, variant) == Some(s.instance_id.as_str()))
        })
        .collect();
    ids.sort_by(|a, b| a.instance_id.cmp(&b.instance_id));
    ids.into_iter()
        .map(|s| Planned {
            instance_id: s.instance_id.clone(),
            prediction_file: format!("{}.csv", s.instance_id),
            gold: resolve_gold(&s.instance_id, gold_names),
            standard: s.clone(),
        })
        .collect()
}

/// A file the caller could not read (its message).
pub type FileRead<'a> = Result<&'a [u8], String>;

/// One instance's result, as the official records it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct InstanceResult {
    /// The instance id.
    pub instance_id: String,
    /// 1 or 0.
    pub score: u8,
    /// The official's `error_info`: `None`, `"Result Error"`, or the error.
    pub error_info: Option<String>,
    /// Lines the official prints for this instance (errors), in our words.
    pub log: Vec<String>,
}

/// Score one planned instance from its prediction and gold bytes (in `planned.gold`'s order),
/// as Spider 2.0-lite's run does.
pub fn evaluate_instance(
    planned: &Planned,
    prediction: FileRead<'_>,
    golds: &[FileRead<'_>],
) -> InstanceResult {
    evaluate_instance_variant(planned, prediction, golds, Variant::Lite)
}

/// The eval-file key Snow's run reads with `eval_standard_dict.get(id)[key]` and the line lacks
/// (a `KeyError` once the golds are loaded: the instance scores 0); lite reads both with `.get`.
fn missing_key(standard: &Standard, variant: Variant) -> Option<&'static str> {
    match variant {
        Variant::Lite => None,
        Variant::Snow if standard.condition_cols.is_none() => Some("condition_cols"),
        Variant::Snow if !standard.has_ignore_order => Some("ignore_order"),
        Variant::Snow => None,
    }
}

/// [`evaluate_instance`] as `variant`'s run scores it: its comparison and its eval-file reads.
pub fn evaluate_instance_variant(
    planned: &Planned,
    prediction: FileRead<'_>,
    golds: &[FileRead<'_>],
    variant: Variant,
) -> InstanceResult {
    let id = planned.instance_id.clone();
    let mut result = InstanceResult {
        instance_id: id.clone(),
        score: 0,
        error_info: None,
        log: Vec::new(),
    };
    // A CSV that pandas cannot read is named by its catalogue code, as every surface names it.
    let coded = |e: crate::ReadError| format!("{}: {e}", e.code());
    let pred = match prediction
        .map_err(|e| e.to_string())
        .and_then(|b| read_csv(b).map_err(coded))
    {
        Ok(f) => f,
        Err(e) => {
            result.log.push(format!("{id} ERROR{} {e}", "!".repeat(30)));
            result.error_info = Some(format!("Evaluation Error: {e}"));
            return result;
        }
    };
    let (kind, names) = match &planned.gold {
        GoldFiles::None => {
            result.error_info = Some("No matching gold file found".into());
            return result;
        }
        GoldFiles::Single(n) => (GoldKind::Single, vec![n.clone()]),
        GoldFiles::Multi(ns) => (GoldKind::Multi, ns.clone()),
    };
    let mut frames = Vec::with_capacity(golds.len());
    for (name, g) in names.iter().zip(golds) {
        match g
            .clone()
            .map_err(|e| e.to_string())
            .and_then(|b| read_csv(b).map_err(coded))
        {
            Ok(f) => frames.push(f),
            Err(e) => {
                result
                    .log
                    .push(format!("{id}: compare against {name} failed: {e}"));
                result.error_info = Some(format!("Python Script Error:{e}"));
                return result;
            }
        }
    }
    if let Some(key) = missing_key(&planned.standard, variant) {
        let e = format!(
            "the eval standard has no {key:?} key, which Snow's evaluate.py reads with [{key:?}] (KeyError)"
        );
        let code = Spider2Code::EvalKeyMissing.code();
        result.log.push(format!(
            "{id}: compare against {} failed: {code}: {e}",
            names.join(", ")
        ));
        result.error_info = Some(format!("Python Script Error:{e}"));
        return result;
    }
    let condition = planned
        .standard
        .condition_cols
        .as_ref()
        .map(Condition::from_json);
    let prepared = PreparedGold::for_variant(
        &frames,
        kind,
        condition.as_ref(),
        planned.standard.ignore_order,
        variant,
    );
    let outcome = prepared.compare(&pred);
    result.score = outcome.score;
    if let Some(e) = outcome.error {
        result.log.push(format!(
            "{id}: compare against {} failed: {}: {e}",
            names.join(", "),
            e.code
        ));
        result.error_info = Some(format!("Python Script Error:{e}"));
    } else if outcome.score == 0 {
        result.error_info = Some("Result Error".into());
    }
    result
}

/// The directory a file of the run lies in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    /// The result directory (`--result-dir`): the predictions.
    Results,
    /// The gold `exec_result` directory.
    Gold,
}

/// The whole run over files a caller lists and reads: the eval file's bytes, `list` for the
/// names in a directory and `read` for a file in one (each with its message when it fails).
/// Returns each scored instance's result, in plan order, or the eval file's problem (the
/// official run stops on it) as `code: message`.
///
/// ```
/// use tabeq_spider2::exec::{run, Dir};
/// let list = |_dir: Dir| Ok(vec!["bq1.csv".to_string()]);
/// let read = |dir: Dir, _name: &str| -> Result<Vec<u8>, String> {
///     Ok(match dir {
///         Dir::Results => b"x\n1\n".to_vec(),
///         Dir::Gold => b"y\n1\n".to_vec(),
///     })
/// };
/// let results = run(b"{\"instance_id\": \"bq1\"}\n", list, read).unwrap();
/// assert_eq!((results.len(), results[0].score), (1, 1));
/// ```
pub fn run(
    eval_jsonl: &[u8],
    list: impl FnMut(Dir) -> Result<Vec<String>, String>,
    read: impl FnMut(Dir, &str) -> Result<Vec<u8>, String>,
) -> Result<Vec<InstanceResult>, String> {
    run_variant(eval_jsonl, list, read, Variant::Lite)
}

/// [`run`] with `variant`'s comparison and eval-file reads (the plan, the printed lines and the
/// ids file stay lite's).
pub fn run_variant(
    eval_jsonl: &[u8],
    mut list: impl FnMut(Dir) -> Result<Vec<String>, String>,
    mut read: impl FnMut(Dir, &str) -> Result<Vec<u8>, String>,
    variant: Variant,
) -> Result<Vec<InstanceResult>, String> {
    // The official reads the eval file before it lists a directory.
    let standards = parse_eval_jsonl(eval_jsonl).map_err(|e| format!("{}: {e}", e.code))?;
    let planned = plan_variant(&standards, &list(Dir::Results)?, &list(Dir::Gold)?, variant);
    Ok(planned
        .iter()
        .map(|p| {
            let prediction = read(Dir::Results, &p.prediction_file);
            let names: &[String] = match &p.gold {
                GoldFiles::Single(name) => core::slice::from_ref(name),
                GoldFiles::Multi(names) => names,
                GoldFiles::None => &[],
            };
            let golds: Vec<_> = names.iter().map(|n| read(Dir::Gold, n)).collect();
            let golds: Vec<FileRead<'_>> = golds
                .iter()
                .map(|g| g.as_deref().map_err(Clone::clone))
                .collect();
            evaluate_instance_variant(
                p,
                prediction.as_deref().map_err(Clone::clone),
                &golds,
                variant,
            )
        })
        .collect())
}

/// What the run prints and writes after scoring.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunSummary {
    /// Standard output, line for line as the official prints it (its progress bar aside).
    pub stdout: String,
    /// The correct-ids CSV's file name: the result directory argument followed by `-ids.csv`;
    /// `None` when nothing was evaluated.
    pub ids_file: Option<String>,
    /// That file's content.
    pub ids_csv: String,
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The correct-ids file's name: the result directory argument followed by `-ids.csv`, as the
/// official names it, but with trailing path separators dropped, so that `results/` gives
/// `results-ids.csv` next to the folder rather than `results/-ids.csv` inside it.
///
/// ```
/// use tabeq_spider2::exec::ids_file_name;
/// assert_eq!(ids_file_name("out/results"), "out/results-ids.csv");
/// assert_eq!(ids_file_name("results//"), "results-ids.csv");
/// assert_eq!(ids_file_name("/"), "/-ids.csv");
/// ```
pub fn ids_file_name(result_dir_arg: &str) -> String {
    let trimmed = result_dir_arg.trim_end_matches(['/', std::path::MAIN_SEPARATOR]);
    let base = if trimmed.is_empty() {
        result_dir_arg
    } else {
        trimmed
    };
    format!("{base}-ids.csv")
}

/// The official's closing output for these results (sorted by id, as it sorts them).
/// `result_dir_arg` is the `--result-dir` argument exactly as given.
pub fn summarize(results: &[InstanceResult], result_dir_arg: &str) -> RunSummary {
    summarize_variant(results, result_dir_arg, Variant::Lite)
}

/// [`summarize`] as `variant`'s run closes. Snow's writes `RESULT_DIR.csv` (trailing separators
/// dropped, as for lite) with an `output` column of the ids as they are, and prints no
/// `TOTAL_GB_PROCESSED` line. With nothing to evaluate Snow's script fails (a thread pool of
/// 0 workers); tabeq prints lite's line instead.
pub fn summarize_variant(
    results: &[InstanceResult],
    result_dir_arg: &str,
    variant: Variant,
) -> RunSummary {
    if results.is_empty() {
        return RunSummary {
            stdout: "No overlapping prediction IDs with gold set. Nothing to evaluate.\n".into(),
            ids_file: None,
            ids_csv: String::new(),
        };
    }
    let mut sorted: Vec<&InstanceResult> = results.iter().collect();
    sorted.sort_by(|a, b| a.instance_id.cmp(&b.instance_id));
    let mut out = String::new();
    for r in &sorted {
        for line in &r.log {
            out.push_str(line);
            out.push('\n');
        }
    }
    let scores: Vec<String> = sorted
        .iter()
        .map(|r| format!("{}: {}", py_str_repr(&r.instance_id), r.score))
        .collect();
    out.push_str(&format!("{{{}}}\n", scores.join(", ")));
    let correct: usize = sorted.iter().map(|r| usize::from(r.score)).sum();
    let total = sorted.len();
    out.push_str(&format!(
        "Final score: {}, Correct examples: {correct}, Total examples: {total}\n",
        float_str(correct as f64 / total as f64)
    ));
    out.push_str(&format!(
        "Real score: {}, Correct examples: {correct}, Total examples: {REAL_TOTAL}\n",
        float_str(correct as f64 / REAL_TOTAL as f64)
    ));
    let (ids_file, header) = match variant {
        Variant::Lite => (ids_file_name(result_dir_arg), "instance_id"),
        Variant::Snow => {
            let trimmed = result_dir_arg.trim_end_matches(['/', std::path::MAIN_SEPARATOR]);
            let base = if trimmed.is_empty() {
                result_dir_arg
            } else {
                trimmed
            };
            (format!("{base}.csv"), "output")
        }
    };
    let mut csv = format!("{header}\n");
    for r in sorted.iter().filter(|r| r.score == 1) {
        let id = &r.instance_id;
        let prefixed = variant == Variant::Lite
            && (id.starts_with("bq") || id.starts_with("ga") || id.starts_with("local"));
        let id = if prefixed {
            format!("sf_{id}")
        } else {
            id.clone()
        };
        csv.push_str(&csv_field(&id));
        csv.push('\n');
    }
    out.push_str(&format!("Correct IDs saved to: {ids_file}\n"));
    if variant == Variant::Lite {
        out.push_str("TOTAL_GB_PROCESSED: 0.00000 GB\n");
    }
    RunSummary {
        stdout: out,
        ids_file: Some(ids_file),
        ids_csv: csv,
    }
}

/// `tabeq spider2`, the run's command line, for `tabeq::command::command_line`.
///
/// ```
/// let grammar = tabeq::command::command_line(vec![tabeq_spider2::exec::command()]);
/// assert!(grammar.contains("\"--result-dir\""));
/// ```
pub fn command() -> Command {
    grammar::command(
        "spider2",
        "score Spider 2.0 result CSVs (drop-in for its evaluate.py --mode exec_result)",
        vec![
            arg("--result-dir", "directory of ID.csv result tables").required(),
            arg(
                "--gold-dir",
                "directory holding exec_result/ and spider2lite_eval.jsonl",
            )
            .required(),
            arg(
                "--eval-jsonl",
                "eval standards (default: GOLD_DIR/spider2lite_eval.jsonl, with --variant snow GOLD_DIR/spider2snow_eval.jsonl)",
            )
            .optional(),
            arg(
                "--variant",
                "whose comparison: Spider 2.0-lite's or Spider 2.0-Snow's (condition_cols rules)",
            )
            .choices(&Variant::ALL.map(Variant::name))
            .with("default", grammar::text("lite")),
        ],
    )
    .described(
        "Score RESULT_DIR/ID.csv against GOLD_DIR/exec_result/ID.csv (or ID_a.csv, ID_b.csv, ...) \
         with the official Spider 2.0 comparison; prints the official lines, writes \
         RESULT_DIR-ids.csv.",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snow_reads_both_keys_with_brackets_and_compares_by_its_own_rule() {
        let names = |dir: Dir| -> Result<Vec<String>, String> {
            Ok(match dir {
                Dir::Results => vec!["a.csv".into(), "b.csv".into(), "c.csv".into()],
                Dir::Gold => vec!["a.csv".into(), "b.csv".into(), "c.csv".into()],
            })
        };
        let read = |dir: Dir, _: &str| -> Result<Vec<u8>, String> {
            Ok(match dir {
                Dir::Results => b"x\n1\n".to_vec(),
                Dir::Gold => b"x,y\n1,2\n".to_vec(),
            })
        };
        let eval = concat!(
            "{\"instance_id\": \"a\", \"condition_cols\": 0, \"ignore_order\": false}\n",
            "{\"instance_id\": \"b\", \"condition_cols\": 0}\n",
            "{\"instance_id\": \"c\", \"ignore_order\": true}\n",
        );
        let scores = |variant| {
            let results = run_variant(eval.as_bytes(), names, read, variant).unwrap();
            results.iter().map(|r| r.score).collect::<Vec<_>>()
        };
        // lite: 0 is falsy, both gold columns are compared; Snow: `0 != []` picks column 0.
        assert_eq!(scores(Variant::Lite), [0, 0, 0]);
        assert_eq!(scores(Variant::Snow), [1, 0, 0]);
        let results = run_variant(eval.as_bytes(), names, read, Variant::Snow).unwrap();
        let errors: Vec<_> = results
            .iter()
            .map(|r| r.error_info.clone().unwrap_or_default())
            .collect();
        assert!(errors[1].contains("\"ignore_order\""), "{errors:?}");
        assert!(errors[2].contains("\"condition_cols\""), "{errors:?}");
        assert!(results[2].log[0].contains("spider2_eval_key_missing: "));
    }

    #[test]
    fn snow_lists_ids_before_the_first_dot_and_closes_with_its_own_ids_file() {
        let standards = parse_eval_jsonl(b"{\"instance_id\": \"sf1\"}\n").unwrap();
        let names = vec!["sf1.v2.csv".to_string()];
        assert!(plan(&standards, &names, &[]).is_empty());
        let planned = plan_variant(&standards, &names, &[], Variant::Snow);
        assert_eq!(planned[0].prediction_file, "sf1.csv");
        let r = |id: &str, score| InstanceResult {
            instance_id: id.into(),
            score,
            error_info: None,
            log: vec![],
        };
        let s = summarize_variant(&[r("bq1", 1), r("sf2", 0)], "out/", Variant::Snow);
        assert_eq!(s.ids_file.as_deref(), Some("out.csv"));
        assert_eq!(s.ids_csv, "output\nbq1\n");
        assert!(
            s.stdout.ends_with("Correct IDs saved to: out.csv\n"),
            "{}",
            s.stdout
        );
    }

    #[test]
    fn gold_files_resolve_as_the_official() {
        let names: Vec<String> = [
            "bq1_a.csv",
            "bq1_b.csv",
            "bq1_ab.csv",
            "bq2.csv",
            "bq2_a.csv",
            "bq10_a.csv",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(
            resolve_gold("bq1", &names),
            GoldFiles::Multi(vec!["bq1_a.csv".into(), "bq1_b.csv".into()])
        );
        assert_eq!(
            resolve_gold("bq2", &names),
            GoldFiles::Single("bq2.csv".into())
        );
        assert_eq!(resolve_gold("bq3", &names), GoldFiles::None);
    }

    #[test]
    fn summary_lines() {
        let r = |id: &str, score| InstanceResult {
            instance_id: id.into(),
            score,
            error_info: None,
            log: vec![],
        };
        let s = summarize(&[r("local2", 0), r("bq1", 1)], "out");
        assert_eq!(
            s.stdout,
            "{'bq1': 1, 'local2': 0}\nFinal score: 0.5, Correct examples: 1, Total examples: 2\nReal score: 0.0018281535648994515, Correct examples: 1, Total examples: 547\nCorrect IDs saved to: out-ids.csv\nTOTAL_GB_PROCESSED: 0.00000 GB\n"
        );
        assert_eq!(s.ids_csv, "instance_id\nsf_bq1\n");
    }

    #[test]
    fn run_reads_the_eval_file_before_it_lists_and_each_gold_in_plan_order() {
        let mut listed = false;
        let list = |_: Dir| -> Result<Vec<String>, String> {
            listed = true;
            Err("no such directory".into())
        };
        let err = run(b"not json\n", list, |_, _| Ok(Vec::new())).unwrap_err();
        assert!(err.starts_with("spider2_eval_file_invalid: "), "{err}");
        assert!(!listed);

        let names = |dir: Dir| -> Result<Vec<String>, String> {
            Ok(match dir {
                Dir::Results => vec!["b.csv".into(), "a.csv".into()],
                Dir::Gold => vec!["a_b.csv".into(), "a_a.csv".into(), "b.csv".into()],
            })
        };
        let mut reads = Vec::new();
        let read = |dir: Dir, name: &str| -> Result<Vec<u8>, String> {
            reads.push(format!("{dir:?}/{name}"));
            match name {
                "b.csv" if dir == Dir::Gold => Err("permission denied".into()),
                _ => Ok(b"x\n1\n".to_vec()),
            }
        };
        let eval = b"{\"instance_id\": \"b\"}\n{\"instance_id\": \"a\"}\n";
        let results = run(eval, names, read).unwrap();
        assert_eq!(
            reads,
            [
                "Results/a.csv",
                "Gold/a_a.csv",
                "Gold/a_b.csv",
                "Results/b.csv",
                "Gold/b.csv"
            ]
        );
        assert_eq!((results[0].score, results[1].score), (1, 0));
        assert_eq!(
            results[1].error_info.as_deref(),
            Some("Python Script Error:permission denied")
        );
    }

    #[test]
    fn eval_file_lines() {
        let s = parse_eval_jsonl(b"{\"instance_id\": \"a\", \"condition_cols\": [1], \"ignore_order\": true}\n{\"instance_id\": \"b\"}\n").unwrap();
        assert_eq!(s.len(), 2);
        assert!(s[0].ignore_order && !s[1].ignore_order);
        let e = parse_eval_jsonl(b"{}\n\n").unwrap_err();
        assert_eq!(e.code, "spider2_eval_file_invalid");
    }

    #[test]
    fn error_lines_name_the_catalogue_code() {
        let standards = parse_eval_jsonl(
            b"{\"instance_id\": \"a\", \"condition_cols\": [7]}\n{\"instance_id\": \"b\"}\n",
        )
        .unwrap();
        let names: Vec<String> = ["a.csv", "b.csv"].map(String::from).to_vec();
        let planned = plan(&standards, &names, &names);
        let a = evaluate_instance(&planned[0], Ok(b"x\n1\n"), &[Ok(b"x\n1\n")]);
        assert_eq!(a.score, 0);
        assert!(
            a.log[0].contains("failed: spider2_condition_cols_out_of_range: "),
            "{:?}",
            a.log
        );
        let b = evaluate_instance(&planned[1], Ok(b"x\n\"1\n"), &[Ok(b"x\n1\n")]);
        assert!(
            b.log[0].ends_with(" spider2_csv_unterminated_quote: a quoted field starting on line 2 is never closed"),
            "{:?}",
            b.log
        );
        let catalogue = tabeq::error_catalogue();
        for code in [
            "spider2_condition_cols_out_of_range",
            "spider2_csv_unterminated_quote",
        ] {
            assert!(catalogue
                .iter()
                .any(|e| e.code == code && e.family == "spider2"));
        }
    }
}
