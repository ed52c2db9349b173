//! Trust-metric errors: a stable snake_case code, the 1-based input line when one is to blame,
//! and a message for people.

use core::fmt;

use tabeq::code_enum;
use tabeq::error::{CatalogueEntry, CodedError};

code_enum! {
    /// Why trust-metric input was rejected. Codes never change once released.
    TrustErrorCode as "TrustErrorCode" {
        /// A line is not valid JSON.
        InvalidJson => "invalid_json",
        /// A line is JSON but not an object.
        NotAnObject => "not_an_object",
        /// A required field is absent (or null).
        MissingField => "missing_field",
        /// A field has the wrong type or an empty value.
        InvalidField => "invalid_field",
        /// An operator that is neither built in nor registered by the caller.
        UnknownOperator => "unknown_operator",
        /// A reliability label other than full/partial/none, 1/0.5/0 or the `*_refusal` words.
        UnknownLabel => "unknown_label",
        /// A robustness `correct` that is not true/false/1/0.
        InvalidCorrect => "invalid_correct",
        /// Two records with the same identity (see the record formats).
        DuplicateId => "duplicate_id",
        /// A perturbation whose question has no original record (same model, dataset, question_id).
        OrphanPerturbation => "orphan_perturbation",
        /// Reliability and robustness records (or operators) in one input.
        MixedTracks => "mixed_tracks",
        /// The input holds no records.
        NoRecords => "no_records",
        /// The options JSON is malformed or has an unknown key or value.
        InvalidOptions => "invalid_options",
        /// A caller-registered operator is malformed or clashes with another operator.
        InvalidOperatorRegistration => "invalid_operator_registration",
        /// The input bytes are not UTF-8.
        InvalidUtf8 => "invalid_utf8",
        /// Spearman input that is not two equal-length lists of finite numbers.
        InvalidSpearmanInput => "invalid_spearman_input",
        /// A manifest's gold or config file does not exist or cannot be read.
        ManifestFileMissing => "manifest_file_missing",
        /// A manifest's config is invalid (the message names the config error code).
        ManifestConfigInvalid => "manifest_config_invalid",
        /// A manifest's gold is invalid for its config (the message names the gold error code).
        ManifestGoldInvalid => "manifest_gold_invalid",
        /// A file named on the command line or in an API call cannot be read.
        IoError => "io_error",
        /// Completeness: models have different numbers of instances (or questions) on a dataset.
        UnequalInstanceCounts => "unequal_instance_counts",
        /// Completeness: one instance id is counted under two or more operators.
        DuplicateAcrossOperators => "duplicate_across_operators",
        /// Completeness: names that differ only in case or white space (`"m"` vs `"m "`).
        NearDuplicateNames => "near_duplicate_names",
        /// Completeness: a model lacks original answers for questions other models answered.
        MissingOriginals => "missing_originals",
        /// Completeness: every question is perturbed (unperturbed originals possibly left out).
        AllQuestionsPerturbed => "all_questions_perturbed",
        /// Completeness: an "Avg." row averages fewer datasets than the report has.
        IncompleteAverage => "incomplete_average",
        /// Completeness: Spearman left out keys present on one side only.
        UnpairedSpearmanKeys => "unpaired_spearman_keys",
        /// Completeness: a model lacks instances the expected-instance manifest lists.
        MissingExpectedInstance => "missing_expected_instance",
        /// Completeness: a model has instances the expected-instance manifest does not list.
        UnexpectedInstance => "unexpected_instance",
        /// Completeness: records lack a custom grouping field.
        MissingGroupField => "missing_group_field",
        /// Completeness: rank agreement left out, the report having more than 100 datasets.
        RankAgreementSkipped => "rank_agreement_skipped",
        /// The computation was interrupted (Ctrl-C); a binding raises its own interruption.
        Interrupted => "interrupted",
        /// The analysis ran out of memory.
        OutOfMemory => "out_of_memory",
        /// An inspect_ai eval log could not be read (damaged, truncated, not a log).
        InspectLogUnreadable => "inspect_log_unreadable",
        /// Reading inspect_ai eval logs needs the `inspect_ai` package, which is not installed.
        InspectAiMissing => "inspect_ai_missing",
    }
}

/// How many records (or pairs) a loop handles between two polls of the cancel flag: cheap
/// enough to be invisible, often enough to stop well within a second.
const POLL_EVERY: usize = 1 << 14;

/// `interrupted` when the binding running this work has cancelled it (Ctrl-C), polled every
/// [`POLL_EVERY`] items: the binding discards what follows and raises its own interruption.
pub(crate) fn poll_cancel(i: usize) -> Result<(), TrustError> {
    if i.is_multiple_of(POLL_EVERY) && tabeq::cancel::cancelled() {
        Err(TrustError::new(
            TrustErrorCode::Interrupted,
            "the trust analysis was interrupted",
        ))
    } else {
        Ok(())
    }
}

/// A rejected trust-metric input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrustError {
    /// The stable code.
    pub code: TrustErrorCode,
    /// The 1-based line of the JSONL input (or position in a record list) at fault, if any.
    pub line: Option<usize>,
    /// A message for people.
    pub message: String,
}

impl TrustError {
    /// An error not tied to a line.
    pub fn new(code: TrustErrorCode, message: impl Into<String>) -> Self {
        TrustError {
            code,
            line: None,
            message: message.into(),
        }
    }

    /// An error on a 1-based input line.
    pub fn at(code: TrustErrorCode, line: usize, message: impl Into<String>) -> Self {
        TrustError {
            code,
            line: Some(line),
            message: message.into(),
        }
    }

    /// The error for invalid UTF-8 at `valid_up_to` bytes into `bytes` (what
    /// `std::str::from_utf8` reports), naming the line it is on.
    pub fn invalid_utf8(bytes: &[u8], valid_up_to: usize) -> Self {
        let before = bytes.get(..valid_up_to).unwrap_or(bytes);
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        TrustError::at(
            TrustErrorCode::InvalidUtf8,
            line,
            format!("input is not UTF-8 (byte {valid_up_to})"),
        )
    }

    /// The error as JSON: `{"code": ..., "line": ... | null, "message": ...}`.
    pub fn to_json(&self) -> String {
        use tabeq::cpython_json::Out;
        Out::Object(vec![
            ("code".into(), Out::Str(self.code.code().into())),
            (
                "line".into(),
                self.line.map_or(Out::Null, |l| Out::Int(l as i64)),
            ),
            ("message".into(), Out::Str(self.message.clone())),
        ])
        .to_pretty()
    }
}

impl fmt::Display for TrustError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{} (line {}): {}", self.code, line, self.message),
            None => write!(f, "{}: {}", self.code, self.message),
        }
    }
}

impl std::error::Error for TrustError {}

impl From<TrustError> for CodedError {
    fn from(e: TrustError) -> Self {
        CodedError {
            code: e.code.code(),
            stage: "trust",
            task_id: None,
            line: e.line,
            message: e.message,
        }
    }
}

/// The evaluator's error catalogue ([`tabeq::error_catalogue`]) with the trust family in its place
/// (after the fatal codes, before the binding codes): the list `tabeq.error_codes()` and
/// `errorCodes()` return.
///
/// ```
/// let catalogue = tabeq_trust::error::error_catalogue();
/// let entry = catalogue.iter().find(|e| e.code == "unknown_label").unwrap();
/// assert_eq!((entry.family, entry.stage), ("trust", Some("trust")));
/// assert_eq!(catalogue.len(), tabeq::error_catalogue().len() + tabeq_trust::TrustErrorCode::ALL.len());
/// ```
pub fn error_catalogue() -> Vec<CatalogueEntry> {
    let mut catalogue = tabeq::error_catalogue();
    let at = catalogue
        .iter()
        .position(|e| e.family == "binding")
        .unwrap_or(catalogue.len());
    let trust = TrustErrorCode::CODES
        .iter()
        .map(|&(code, description)| CatalogueEntry {
            code,
            family: "trust",
            stage: Some("trust"),
            description,
        });
    catalogue.splice(at..at, trust);
    catalogue
}
