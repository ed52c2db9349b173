//! The command line of the trust metrics (`tabeq trust`): its commands, arguments and their words,
//! which a binding adds to the evaluator's grammar (`tabeq::command::command_line`).

use tabeq::command::{arg, command, text, Argument, Command};
use tabeq::cpython_json::Out;

use super::operators::Track;
use super::options::GroupKey;

/// The trust report formats.
const TRUST_FORMATS: &[&str] = &["table", "json", "csv", "markdown", "html", "svg", "latex"];

/// `--inspect-log` and its companions; `outcome` is what the scores give.
fn inspect_arguments(outcome: &str) -> Vec<Argument> {
    let log = format!(
        "an inspect_ai eval log (.eval or .json) whose scores give {outcome}; repeat for more logs"
    );
    vec![
        arg("--inspect-log", &log).repeated().metavar("LOG"),
        arg("--scorer", "with --inspect-log: the score to read")
            .optional()
            .metavar("NAME"),
        arg("--epoch", "with --inspect-log: the epoch to read")
            .kind("int")
            .optional()
            .metavar("N"),
        arg(
            "--inspect-field",
            "with --inspect-log: read a record field from another sample metadata key (e.g. \
             operator=op)",
        )
        .repeated()
        .metavar("FIELD=KEY"),
    ]
}

/// The options of a reliability or robustness report (`--by` lists the track's built-in keys).
fn report_arguments(track: Track) -> Vec<Argument> {
    let builtins = GroupKey::builtins(track);
    let keys: Vec<&str> = builtins.iter().map(GroupKey::name).collect();
    let by = format!(
        "comma-separated grouping keys: {} or any record field (default: model,dataset)",
        keys.join(", ")
    );
    vec![
        arg("--by", &by).with("default", text("model,dataset")),
        arg("--format", "output format (default: table)")
            .choices(TRUST_FORMATS)
            .with("default", text("table")),
        arg("--bootstrap", "percentile intervals from N resamples")
            .kind("int")
            .optional()
            .metavar("N"),
        arg("--seed", "bootstrap seed (default: 0)")
            .kind("int")
            .with("default", Out::Int(0)),
        arg("--confidence", "interval coverage (default: 0.95)")
            .kind("float")
            .with("default", Out::Float(0.95)),
        arg("--operators", "extra operators to accept (a JSON list)")
            .optional()
            .metavar("FILE.json"),
        arg(
            "--strict",
            "completeness findings are errors (exit status 2)",
        )
        .switch(),
        arg(
            "--rows",
            "row order of the main table (first-column values)",
        )
        .optional()
        .metavar("A,B,..."),
        arg(
            "--order-by",
            "order rows by a column or metric (largest first)",
        )
        .optional()
        .metavar("COLUMN"),
        arg("--ascending", "with --order-by: smallest first").switch(),
        arg(
            "--columns",
            "metric columns to keep (e.g. ASR,RAD,'Avg. ASR')",
        )
        .optional()
        .metavar("M,..."),
        arg("--decimals", "decimals of percentages (default 2)")
            .kind("int")
            .optional()
            .metavar("N"),
        arg(
            "--compare",
            "paired comparisons of every pair of models within each group of the other --by keys \
             (exact p-values, Holm-adjusted per group)",
        )
        .switch(),
        arg(
            "--expected",
            "the instances every model should have (one JSON object a line)",
        )
        .optional()
        .metavar("EXPECTED.jsonl"),
    ]
}

/// `tabeq trust` and its commands, for [`tabeq::command::command_line`].
///
/// ```
/// let grammar = tabeq::command::command_line(vec![tabeq_trust::command::trust()]);
/// assert!(grammar.contains("model, dataset, operator, family, difficulty or any record field"));
/// ```
pub fn trust() -> Command {
    let records = |what: &str| {
        arg("file", &format!("{what} records ('-' for stdin)"))
            .metavar("FILE.jsonl")
            .may_be_absent()
    };
    let mut reliability = vec![records("reliability")];
    reliability.extend(inspect_arguments("the refusal labels"));
    reliability.extend(report_arguments(Track::Reliability));
    let mut robustness = vec![
        records("robustness"),
        arg("--manifest", "score tables listed in a manifest")
            .optional()
            .metavar("MANIFEST.jsonl"),
    ];
    robustness.extend(inspect_arguments("correctness"));
    robustness.extend(report_arguments(Track::Robustness));
    let spearman = vec![
        arg("file", "JSON with paired lists or mappings ('-' for stdin)").metavar("FILE.json"),
        arg("--format", "")
            .choices(&["table", "json"])
            .with("default", text("table")),
    ];
    let operators = vec![
        arg("--operators", "extra operators to include")
            .optional()
            .metavar("FILE.json"),
        arg("--format", "")
            .choices(&["table", "json", "csv", "markdown", "html"])
            .with("default", text("table")),
    ];
    let mut trust = command(
        "trust",
        "TrustDABench reliability and robustness metrics",
        Vec::new(),
    );
    trust.commands = vec![
        command(
            "reliability",
            "FRR, PRR, NRR and MRS from judged refusal labels",
            reliability,
        ),
        command(
            "robustness",
            "Acc_clean, ASR, RAD, Acc_rob from correctness or scored tables",
            robustness,
        ),
        command(
            "spearman",
            "Spearman rho and p-value of {\"x\": ..., \"y\": ...}",
            spearman,
        ),
        command("operators", "list the operator registry", operators),
    ];
    trust
}
