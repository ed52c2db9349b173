//! The `tabeq` command line's grammar: every command, its arguments and their words, as data a
//! binding hands to its argument parser (Python's `argparse`: each argument's options are
//! `add_argument`'s keywords, with `type` named: `int`, `float` or `threads`, a whole number
//! from 1 to 4096).

use crate::cpython_json::Out;

/// One argument: its name (`--gold-root`, or a positional's) and `add_argument`'s keywords.
struct Argument {
    name: &'static str,
    options: Vec<(&'static str, Out)>,
}

fn text(s: &str) -> Out {
    Out::Str(s.to_string())
}

/// An argument with its help text (none when empty).
fn arg(name: &'static str, help: &str) -> Argument {
    let help = (!help.is_empty()).then(|| ("help", text(help)));
    Argument {
        name,
        options: help.into_iter().collect(),
    }
}

impl Argument {
    fn with(mut self, key: &'static str, value: Out) -> Self {
        self.options.push((key, value));
        self
    }
    fn required(self) -> Self {
        self.with("required", Out::Bool(true))
    }
    /// Absent unless given (`None`).
    fn optional(self) -> Self {
        self.with("default", Out::Null)
    }
    fn metavar(self, metavar: &str) -> Self {
        self.with("metavar", text(metavar))
    }
    fn kind(self, kind: &str) -> Self {
        self.with("type", text(kind))
    }
    fn switch(self) -> Self {
        self.with("action", text("store_true"))
    }
    /// Given any number of times, the values in a list (`None` when never given).
    fn repeated(self) -> Self {
        self.with("action", text("append")).optional()
    }
    fn choices(self, choices: &[&str]) -> Self {
        self.with(
            "choices",
            Out::Array(choices.iter().map(|c| text(c)).collect()),
        )
    }
    /// A positional that may be left out (`None`).
    fn may_be_absent(self) -> Self {
        self.with("nargs", text("?")).optional()
    }
    fn to_out(&self) -> Out {
        let options = self.options.iter().map(|(k, v)| (k.to_string(), v.clone()));
        Out::Object(vec![
            ("name".into(), text(self.name)),
            ("options".into(), Out::Object(options.collect())),
        ])
    }
}

/// A command: its words, its arguments, those of which one at most may be given, and its
/// own commands (a command group such as `trust`).
struct Command {
    name: &'static str,
    help: &'static str,
    description: Option<String>,
    arguments: Vec<Argument>,
    exclusive: Vec<Argument>,
    commands: Vec<Command>,
}

fn command(name: &'static str, help: &'static str, arguments: Vec<Argument>) -> Command {
    Command {
        name,
        help,
        description: None,
        arguments,
        exclusive: Vec::new(),
        commands: Vec::new(),
    }
}

impl Command {
    fn described(mut self, description: &str) -> Self {
        self.description = Some(description.to_string());
        self
    }
    fn to_out(&self) -> Out {
        let list = |items: &[Argument]| Out::Array(items.iter().map(Argument::to_out).collect());
        let description = self.description.as_deref().map_or(Out::Null, text);
        Out::Object(vec![
            ("name".into(), text(self.name)),
            ("help".into(), text(self.help)),
            ("description".into(), description),
            ("arguments".into(), list(&self.arguments)),
            ("exclusive".into(), list(&self.exclusive)),
            (
                "commands".into(),
                Out::Array(self.commands.iter().map(Command::to_out).collect()),
            ),
        ])
    }
}

/// `--format` with its choices, the first the default (`what` says what each gives).
fn format(formats: &[(&str, &str)]) -> Argument {
    let shown: Vec<String> = formats
        .iter()
        .map(|(f, what)| format!("{f} {what}"))
        .collect();
    let names: Vec<&str> = formats.iter().map(|(f, _)| *f).collect();
    arg("--format", &shown.join(", "))
        .choices(&names)
        .with("default", text(names[0]))
}

fn evaluate() -> Command {
    let explain = "add a per-task 'diagnosis' for failed tasks to the summary file (beyond the \
        official schema). participant: nothing derived from gold values (the default when the \
        summary is inside the prediction root); redacted: gold cells as [redacted] but counts and \
        hints (the default elsewhere); full: gold cells too. See SECURITY.md";
    let mut evaluate = command(
        "evaluate",
        "evaluate a suite (drop-in for the official evaluate.py)",
        vec![
            arg("--prediction-root", "directory of task_N/prediction.csv").required(),
            arg("--gold-root", "directory of task_N/gold.csv").required(),
            arg("--config-root", "directory of task_N.json").required(),
            arg(
                "--output",
                "summary path (default: PREDICTION_ROOT/evaluation_summary.json)",
            )
            .optional(),
            arg("--threads", "worker threads (default: all CPUs)")
                .kind("threads")
                .optional(),
            // `False` when not given, `None` when given alone (the level follows the output).
            arg("--explain", explain)
                .with("nargs", text("?"))
                .with("const", Out::Null)
                .choices(&["participant", "redacted", "full"])
                .with("default", Out::Bool(false)),
        ],
    )
    .described(
        "Evaluate a suite in the official layout and write the official summary JSON. \
         Exit 0 on success, 2 on a fatal error.",
    );
    evaluate.exclusive = vec![
        arg("--quiet", "print nothing on success").switch(),
        arg("--json", "print the whole summary JSON on stdout").switch(),
    ];
    evaluate
}

/// `--prediction` of the one-task commands.
fn prediction_file() -> Argument {
    arg(
        "--prediction",
        "prediction CSV (a missing file is missing_prediction)",
    )
}

/// `--config` of the one-task commands.
fn config_file() -> Argument {
    arg("--config", "task config JSON (task_N.json)")
}

fn check() -> Command {
    command(
        "check",
        "score one task and explain the verdict",
        vec![
            prediction_file().required(),
            arg("--gold", "gold CSV").required(),
            config_file().required(),
            format(&[("text", "for people"), ("json", "for machines")]),
        ],
    )
    .described(
        "Score one task and explain it. Exit 0 when it passes, 1 when it fails, 2 on a fatal \
         error. The config file's name must be its task id (task_7.json).",
    )
}

fn validate() -> Command {
    command(
        "validate",
        "check a predictions folder (or one prediction) before uploading, without the gold",
        vec![
            prediction_file().optional(),
            config_file().optional(),
            arg(
                "--prediction-root",
                "a whole predictions folder (task_N/prediction.csv) to check",
            )
            .optional(),
            arg(
                "--config-root",
                "with --prediction-root: the configs (task_N.json), the expected tasks",
            )
            .optional(),
            arg(
                "--task-list",
                "with --prediction-root and no --config-root: the expected task ids (a file, one \
                 per line, or a folder of task folders such as the release's input/)",
            )
            .optional(),
            format(&[("json", "(the report)"), ("text", "for people")]),
        ],
    )
    .described(
        "Check a whole predictions folder (--prediction-root, optionally --config-root or \
         --task-list): every task's CSV against the released contract, folder and file names, \
         missing and unexpected tasks, and with configs every column rule; each problem with its \
         line, column and what to do (the report of the page's Submission tab). Or one prediction \
         with its config (--prediction, --config: the report of the WASM validatePrediction). \
         Exit 0 when nothing found fails a task, 1 when something does, 2 on a fatal config error \
         or a usage error.",
    )
}

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

/// The options of a reliability or robustness report; `keys` are the built-in grouping keys.
fn report_arguments(keys: &[&str]) -> Vec<Argument> {
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

fn trust() -> Command {
    let records = |what: &str| {
        arg("file", &format!("{what} records ('-' for stdin)"))
            .metavar("FILE.jsonl")
            .may_be_absent()
    };
    let mut reliability = vec![records("reliability")];
    reliability.extend(inspect_arguments("the refusal labels"));
    reliability.extend(report_arguments(&[
        "model",
        "dataset",
        "operator",
        "family",
        "difficulty",
    ]));
    let mut robustness = vec![
        records("robustness"),
        arg("--manifest", "score tables listed in a manifest")
            .optional()
            .metavar("MANIFEST.jsonl"),
    ];
    robustness.extend(inspect_arguments("correctness"));
    robustness.extend(report_arguments(&[
        "model", "dataset", "operator", "kind", "level",
    ]));
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

fn spider2() -> Command {
    command(
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
                "eval standards (default: GOLD_DIR/spider2lite_eval.jsonl)",
            )
            .optional(),
        ],
    )
    .described(
        "Score RESULT_DIR/ID.csv against GOLD_DIR/exec_result/ID.csv (or ID_a.csv, ID_b.csv, ...) \
         with the official Spider 2.0 comparison; prints the official lines, writes \
         RESULT_DIR-ids.csv.",
    )
}

/// The whole command line as JSON text: the program (`name` `tabeq`, its `help` the epilog,
/// its `description`, the `--version` argument) and its `commands`, each
/// `{"name", "help", "description", "arguments", "exclusive", "commands"}`, each argument
/// `{"name", "options"}`.
///
/// ```
/// let grammar = tabeq::command::command_line();
/// assert!(grammar.contains("\"--prediction-root\"") && grammar.contains("\"reliability\""));
/// ```
pub fn command_line() -> String {
    let version = arg("--version", "show program's version number and exit")
        .with("action", text("version"))
        .with("version", text(&format!("tabeq {}", crate::VERSION)));
    let program = Command {
        name: "tabeq",
        help: "Without a command, the official evaluate.py flags run `tabeq evaluate`.",
        description: Some(
            "Exact, fast evaluator for tabular answers (DataSpace v1 semantics).".to_string(),
        ),
        arguments: vec![version],
        exclusive: Vec::new(),
        commands: vec![evaluate(), check(), validate(), trust(), spider2()],
    };
    program.to_out().to_pretty()
}
