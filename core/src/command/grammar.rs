//! The `tabeq` command line's grammar: every command, its arguments and their words, as data a
//! binding hands to its argument parser (Python's `argparse`: each argument's options are
//! `add_argument`'s keywords, with `type` named: `int`, `float` or `threads`, a whole number
//! from 1 to [`MAX_THREADS`]). The evaluator's commands are here; a crate above adds its own
//! ([`Command`], built with [`command`] and [`arg`]), as `tabeq trust` and `tabeq spider2` are.

use crate::cpython_json::Out;

/// The most worker threads `--threads` accepts (a typo such as `--threads 80000` is an error, not
/// eighty thousand threads).
///
/// ```
/// assert_eq!(tabeq::command::MAX_THREADS, 4096);
/// ```
pub const MAX_THREADS: usize = 4096;

/// One argument: its name (`--gold-root`, or a positional's) and `add_argument`'s keywords.
pub struct Argument {
    name: &'static str,
    options: Vec<(&'static str, Out)>,
}

/// A text value of an argument's option (`Out::Str`).
pub fn text(s: &str) -> Out {
    Out::Str(s.to_string())
}

/// An argument with its help text (none when empty).
pub fn arg(name: &'static str, help: &str) -> Argument {
    let help = (!help.is_empty()).then(|| ("help", text(help)));
    Argument {
        name,
        options: help.into_iter().collect(),
    }
}

impl Argument {
    /// The option `key` (an `add_argument` keyword) set to `value`.
    pub fn with(mut self, key: &'static str, value: Out) -> Self {
        self.options.push((key, value));
        self
    }
    /// Must be given.
    pub fn required(self) -> Self {
        self.with("required", Out::Bool(true))
    }
    /// Absent unless given (`None`).
    pub fn optional(self) -> Self {
        self.with("default", Out::Null)
    }
    /// The name its value is shown by in the usage line.
    pub fn metavar(self, metavar: &str) -> Self {
        self.with("metavar", text(metavar))
    }
    /// The value's type: `int`, `float` or `threads`.
    pub fn kind(self, kind: &str) -> Self {
        self.with("type", text(kind))
    }
    /// A flag without a value (`True` when given).
    pub fn switch(self) -> Self {
        self.with("action", text("store_true"))
    }
    /// Given any number of times, the values in a list (`None` when never given).
    pub fn repeated(self) -> Self {
        self.with("action", text("append")).optional()
    }
    /// The values it accepts.
    pub fn choices(self, choices: &[&str]) -> Self {
        self.with(
            "choices",
            Out::Array(choices.iter().map(|c| text(c)).collect()),
        )
    }
    /// A positional that may be left out (`None`).
    pub fn may_be_absent(self) -> Self {
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
pub struct Command {
    name: &'static str,
    help: &'static str,
    description: Option<String>,
    arguments: Vec<Argument>,
    exclusive: Vec<Argument>,
    /// The commands of a command group.
    pub commands: Vec<Command>,
}

/// A command with its help line and arguments.
pub fn command(name: &'static str, help: &'static str, arguments: Vec<Argument>) -> Command {
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
    /// The command's description (its `--help` text above the arguments).
    pub fn described(mut self, description: &str) -> Self {
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
            limits(
                "; the summary then records them (\"limits\": \"lifted\"), an official one has \
                 no such key",
            ),
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

/// `--limits` (`more` ends its help).
fn limits(more: &str) -> Argument {
    let help = format!(
        "official: the official evaluator's 20 MiB and 100,000 rows per CSV (larger files fail as \
         they fail there); lifted: no row limit and CSVs up to 4 GiB, for research tables \
         (verdicts the official evaluator does not give){more}"
    );
    arg("--limits", &help)
        .choices(&crate::csv::Limits::NAMES)
        .with("default", text(crate::csv::Limits::NAMES[0]))
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
            limits(""),
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
                "--input-root",
                "with --prediction-root: the benchmark's input/ folder (input/task_N/task.json); \
                 its tasks are the expected ones, so missing tasks, empty task folders and folders \
                 that are not tasks of the benchmark are named",
            )
            .optional(),
            arg(
                "--task-list",
                "with --prediction-root and no --config-root: the expected task ids (a file, one \
                 per line, or a folder of task folders such as the release's input/)",
            )
            .optional(),
            limits(
                "; with --prediction only (a predictions folder is checked for upload, within the \
                 official limits)",
            ),
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

fn completion() -> Command {
    command(
        "completion",
        "print a shell completion script (bash, zsh or fish)",
        vec![arg("shell", "the shell whose script to print")
            .choices(&["bash", "zsh", "fish"])
            .metavar("SHELL")],
    )
    .described(
        "Print the completion script for SHELL, generated from this grammar: every command, \
         option and choice. bash: `source <(tabeq completion bash)` (or save it in \
         ~/.local/share/bash-completion/completions/tabeq); zsh: save it as _tabeq in a \
         directory of $fpath; fish: save it in ~/.config/fish/completions/tabeq.fish.",
    )
}

/// The whole command line as JSON text: the program (`name` `tabeq`, its `help` the epilog,
/// its `description`, the `--version` argument) and its `commands` (the evaluator's, then
/// `more`: the commands of the crates above, such as `tabeq_trust::command`, then `completion`), each
/// `{"name", "help", "description", "arguments", "exclusive", "commands"}`, each argument
/// `{"name", "options"}`.
///
/// ```
/// use tabeq::command::{arg, command, command_line};
/// let extra = command("hello", "say hello", vec![arg("--name", "who to greet").required()]);
/// let grammar = command_line(vec![extra]);
/// assert!(grammar.contains("\"--prediction-root\"") && grammar.contains("\"hello\""));
/// ```
pub fn command_line(more: Vec<Command>) -> String {
    command_line_tree(more).to_pretty()
}

/// [`command_line`] as its JSON tree (what a binding turns into its own data).
pub fn command_line_tree(more: Vec<Command>) -> Out {
    let version = arg("--version", "show program's version number and exit")
        .with("action", text("version"))
        .with("version", text(&format!("tabeq {}", crate::VERSION)));
    let mut commands = vec![evaluate(), check(), validate()];
    commands.extend(more);
    commands.push(completion());
    let program = Command {
        name: "tabeq",
        help: "Without a command, the official evaluate.py flags run `tabeq evaluate`.",
        description: Some(
            "Exact, fast evaluator for tabular answers (DataSpace v1 semantics).".to_string(),
        ),
        arguments: vec![version],
        exclusive: Vec::new(),
        commands,
    };
    program.to_out()
}
