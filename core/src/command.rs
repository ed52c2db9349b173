//! The command line's decisions, so that a binding's `tabeq` command only parses flags, opens
//! files and prints: which diagnosis level `tabeq evaluate --explain` takes where the summary
//! goes and what it warns, which check `tabeq validate` runs for the flags it was given (or
//! the usage error), the words of its warnings, and its grammar ([`command_line`]: every command
//! and argument with its help, for the binding's argument parser).
//!
//! ```
//! use tabeq::command::{evaluate_explain, ExplainFlag};
//! use tabeq::explain::Disclosure;
//! // `--explain` alone, the summary next to the predictions: nothing derived from gold values.
//! let choice = evaluate_explain(ExplainFlag::Auto, "p/evaluation_summary.json", true).unwrap();
//! assert_eq!((choice.level, choice.warning), (Some(Disclosure::Participant), None));
//! ```

mod grammar;

pub use grammar::{
    arg, command, command_line, command_line_tree, text, Argument, Command, MAX_THREADS,
};

use crate::explain::Disclosure;

/// `tabeq evaluate`'s `--explain` flag as given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExplainFlag<'a> {
    /// Not given: no diagnoses.
    Off,
    /// `--explain` without a level: the level that fits where the summary goes.
    Auto,
    /// `--explain=LEVEL` (`participant`, `redacted` or `full`).
    Level(&'a str),
}

/// The diagnosis level `tabeq evaluate` writes into its summary, and the warning to print.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExplainChoice {
    /// `None`: the official summary, without diagnoses.
    pub level: Option<Disclosure>,
    /// A warning for stderr (without the command's prefix), when the summary lies where
    /// participants may read it and its diagnoses reveal more than their own predictions.
    pub warning: Option<String>,
}

/// The level of `--explain` for a summary written to `output`, `inside_root` when that path is
/// the prediction root or below it: next to the predictions participants may read the
/// summary, so `--explain` alone means `participant` there (nothing derived from gold values,
/// SECURITY.md) and `redacted` elsewhere; an explicit level above `participant` inside the
/// root is kept, with a warning. An unknown level is a usage error (its message).
///
/// ```
/// use tabeq::command::{evaluate_explain, ExplainFlag};
/// use tabeq::explain::Disclosure;
/// let choice = evaluate_explain(ExplainFlag::Level("full"), "p/s.json", true).unwrap();
/// assert_eq!(choice.level, Some(Disclosure::Full));
/// assert!(choice.warning.unwrap().contains("and gold values (--explain=full)"));
/// assert_eq!(evaluate_explain(ExplainFlag::Auto, "out.json", false).unwrap().level, Some(Disclosure::Redacted));
/// assert!(evaluate_explain(ExplainFlag::Level("all"), "out.json", false).is_err());
/// ```
pub fn evaluate_explain(
    flag: ExplainFlag<'_>,
    output: &str,
    inside_root: bool,
) -> Result<ExplainChoice, String> {
    let level = match flag {
        ExplainFlag::Off => None,
        ExplainFlag::Auto if inside_root => Some(Disclosure::Participant),
        ExplainFlag::Auto => Some(Disclosure::Redacted),
        ExplainFlag::Level(code) => Some(Disclosure::from_code(code).ok_or_else(|| {
            format!("--explain must be one of participant, redacted, full, not {code:?}")
        })?),
    };
    let warning = match level {
        Some(level @ (Disclosure::Full | Disclosure::Redacted)) if inside_root => {
            let reveals = match level {
                Disclosure::Full => "gold values (--explain=full)",
                _ => "counts derived from the gold",
            };
            Some(format!(
                "the summary {output} is inside the prediction root, where participants may read \
                 it; its diagnoses quote their predictions and {reveals}. Pass --output outside \
                 the prediction root, or --explain=participant."
            ))
        }
        _ => None,
    };
    Ok(ExplainChoice { level, warning })
}

/// The warning printed for a config key the official evaluator ignores (`message` is the
/// warning's own words), naming the task in a suite.
///
/// ```
/// use tabeq::command::ignored_config_key;
/// assert_eq!(ignored_config_key(Some("task_2"), "unknown key 'x'"),
///            "task_2: unknown key 'x' (ignored, as the official evaluator ignores it)");
/// ```
pub fn ignored_config_key(task_id: Option<&str>, message: &str) -> String {
    let task = task_id.map(|t| format!("{t}: ")).unwrap_or_default();
    format!("{task}{message} (ignored, as the official evaluator ignores it)")
}

/// The flags `tabeq validate` was given (whether each is present).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ValidateFlags {
    /// `--prediction-root`.
    pub prediction_root: bool,
    /// `--config-root`.
    pub config_root: bool,
    /// `--task-list`.
    pub task_list: bool,
    /// `--input-root` (the benchmark's `input/` folder: its task ids are the expected tasks).
    pub input_root: bool,
    /// `--prediction`.
    pub prediction: bool,
    /// `--config`.
    pub config: bool,
    /// `--limits lifted` (one file only: a folder is checked within the official limits, those
    /// its upload is scored within).
    pub lifted_limits: bool,
}

/// What `tabeq validate` checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValidateMode {
    /// A whole predictions folder (`--prediction-root`).
    Folder,
    /// One prediction with its config (`--prediction`, `--config`).
    OneFile,
}

impl ValidateFlags {
    /// The check these flags ask for, or the usage error's message.
    ///
    /// ```
    /// use tabeq::command::{ValidateFlags, ValidateMode};
    /// let one = ValidateFlags { prediction: true, config: true, ..ValidateFlags::default() };
    /// assert_eq!(one.mode(), Ok(ValidateMode::OneFile));
    /// let mixed = ValidateFlags { prediction_root: true, ..one };
    /// assert!(mixed.mode().unwrap_err().starts_with("validate: --prediction-root checks a folder"));
    /// let lifted = ValidateFlags { lifted_limits: true, ..one };
    /// assert_eq!(lifted.mode(), Ok(ValidateMode::OneFile));
    /// let folder = ValidateFlags { prediction_root: true, lifted_limits: true, ..ValidateFlags::default() };
    /// assert!(folder.mode().unwrap_err().starts_with("validate: --limits lifted goes with --prediction"));
    /// ```
    pub fn mode(self) -> Result<ValidateMode, &'static str> {
        if self.prediction_root {
            if self.prediction || self.config {
                return Err(
                    "validate: --prediction-root checks a folder; --prediction and --config check \
                     one file (use one or the other; --config-root gives the folder's configs)",
                );
            }
            if self.lifted_limits {
                return Err(
                    "validate: --limits lifted goes with --prediction; a predictions folder is \
                     checked for upload, within the official evaluator's limits",
                );
            }
            if self.task_list && self.input_root {
                return Err(
                    "validate: --input-root and --task-list both give the expected tasks (use one)",
                );
            }
            return Ok(ValidateMode::Folder);
        }
        if self.config_root || self.task_list || self.input_root {
            return Err(
                "validate: --config-root, --task-list and --input-root go with --prediction-root",
            );
        }
        if !self.prediction || !self.config {
            return Err(
                "validate: give --prediction-root DIR (a whole predictions folder), or \
                 --prediction and --config (one file)",
            );
        }
        Ok(ValidateMode::OneFile)
    }
}

/// Whether arguments starting with `first` are the official evaluator's flags without a
/// command, which run `tabeq evaluate` (a drop-in): a flag other than `--help` and `--version`.
///
/// ```
/// use tabeq::command::runs_evaluate;
/// assert!(runs_evaluate("--prediction-root"));
/// assert!(!runs_evaluate("--help") && !runs_evaluate("check") && !runs_evaluate("-h"));
/// ```
pub fn runs_evaluate(first: &str) -> bool {
    first.starts_with("--") && !matches!(first, "--help" | "--version")
}

/// The progress bar `tabeq evaluate` draws on a terminal (from the start of the line): `done` of
/// `total` tasks after `elapsed` seconds.
///
/// ```
/// use tabeq::command::progress_bar;
/// assert_eq!(progress_bar(1, 3, 0.26), format!("\r[{}{}] 1/3 tasks 0.3s", "#".repeat(10), ".".repeat(20)));
/// ```
pub fn progress_bar(done: usize, total: usize, elapsed: f64) -> String {
    const WIDTH: usize = 30;
    let filled = (WIDTH * done).checked_div(total).unwrap_or(0).min(WIDTH);
    let (bar, rest) = ("#".repeat(filled), ".".repeat(WIDTH - filled));
    format!("\r[{bar}{rest}] {done}/{total} tasks {elapsed:.1}s")
}

/// The line a command that cannot count its steps (`tabeq trust`, `tabeq validate
/// --prediction-root`, `tabeq spider2`) draws on a terminal while it works: what it does and the
/// seconds so far, from the start of the line and erasing the rest of it.
///
/// ```
/// use tabeq::command::activity_line;
/// assert_eq!(activity_line("tabeq trust reliability", 2.04), "\rtabeq trust reliability: working 2.0s\x1b[K");
/// ```
pub fn activity_line(what: &str, elapsed: f64) -> String {
    format!("\r{what}: working {elapsed:.1}s\x1b[K")
}

/// What `tabeq evaluate` prints when Ctrl-C stops it (the summary is written only at the end).
pub const INTERRUPTED: &str = "\ntabeq: interrupted; the summary was not written";

/// What `tabeq` prints when Ctrl-C arrives after its output file was written (the new file
/// replaced the old one: the run says so rather than "not written").
///
/// ```
/// assert_eq!(
///     tabeq::command::interrupted_after_writing("out.json"),
///     "\ntabeq: interrupted; out.json was written"
/// );
/// ```
pub fn interrupted_after_writing(path: &str) -> String {
    format!("\ntabeq: interrupted; {path} was written")
}

/// `tabeq evaluate`'s line for a fatal error, as the official evaluator words it; `code` is
/// shown where the message does not start with it (an output problem).
///
/// ```
/// use tabeq::command::evaluator_fatal;
/// assert_eq!(evaluator_fatal(None, "Missing gold"), "Evaluator fatal error: Missing gold");
/// assert_eq!(evaluator_fatal(Some("output_write_failed"), "disk full"),
///            "Evaluator fatal error: output_write_failed: disk full");
/// ```
pub fn evaluator_fatal(code: Option<&str>, message: &str) -> String {
    match code {
        Some(code) => format!("Evaluator fatal error: {code}: {message}"),
        None => format!("Evaluator fatal error: {message}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explain_levels_follow_where_the_summary_goes() {
        let choose = |flag, inside| evaluate_explain(flag, "s.json", inside).unwrap();
        assert_eq!(choose(ExplainFlag::Off, true).level, None);
        assert_eq!(choose(ExplainFlag::Off, true).warning, None);
        let participant = choose(ExplainFlag::Level("participant"), true);
        assert_eq!(participant.level, Some(Disclosure::Participant));
        assert_eq!(participant.warning, None);
        assert_eq!(choose(ExplainFlag::Level("full"), false).warning, None);
        let redacted = choose(ExplainFlag::Level("redacted"), true)
            .warning
            .unwrap();
        assert_eq!(
            redacted,
            "the summary s.json is inside the prediction root, where participants may read it; \
             its diagnoses quote their predictions and counts derived from the gold. Pass \
             --output outside the prediction root, or --explain=participant."
        );
    }

    #[test]
    fn validate_flags_pick_one_check() {
        let none = ValidateFlags::default();
        assert!(none.mode().unwrap_err().starts_with("validate: give"));
        let folder = ValidateFlags {
            prediction_root: true,
            config_root: true,
            task_list: true,
            ..none
        };
        assert_eq!(folder.mode(), Ok(ValidateMode::Folder));
        let stray = ValidateFlags {
            task_list: true,
            prediction: true,
            config: true,
            ..none
        };
        assert_eq!(
            stray.mode(),
            Err("validate: --config-root, --task-list and --input-root go with --prediction-root")
        );
        let both = ValidateFlags {
            prediction_root: true,
            task_list: true,
            input_root: true,
            ..none
        };
        assert!(both.mode().unwrap_err().contains("use one"));
        let input = ValidateFlags {
            prediction_root: true,
            input_root: true,
            ..none
        };
        assert_eq!(input.mode(), Ok(ValidateMode::Folder));
    }
}
