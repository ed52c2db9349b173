//! The command line of the trust metrics (`tabeq trust`): its commands, arguments and their words,
//! which a binding adds to the evaluator's grammar (`tabeq::command::command_line`).

use tabeq::command::{arg, command, text, Argument, Command};
use tabeq::cpython_json::Out;

use super::operators::Track;
use super::options::GroupKey;
use super::Format;

/// `--format`'s choices: `table` (the text), `json` (the report's data), then the other
/// formats of `formats` (`Format::name`).
fn format_choices(formats: impl IntoIterator<Item = &'static str>) -> Vec<&'static str> {
    let rest = formats.into_iter().filter(|name| *name != "text");
    ["table", "json"].into_iter().chain(rest).collect()
}

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
            .choices(&format_choices(Format::ALL.map(Format::name)))
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
        arg(
            "--average",
            "how Avg. combines datasets: datasets (the mean of the datasets' values, the paper's \
             rule; default) or pooled (all records pooled)",
        )
        .choices(&["datasets", "pooled"])
        .optional(),
        arg(
            "--output-dir",
            "also write one .tex per table and one .svg per figure (and .pdf/.png when \
             rsvg-convert or cairosvg is available) into DIR",
        )
        .optional()
        .metavar("DIR"),
        arg(
            "--figure-width",
            "with --output-dir: figure width in pt (default 240, a column)",
        )
        .kind("float")
        .optional()
        .metavar("PT"),
        arg(
            "--font-size",
            "with --output-dir: figure text size in pt (default 8)",
        )
        .kind("float")
        .optional()
        .metavar("PT"),
        arg(
            "--font",
            "with --output-dir: figure font family (default Helvetica, Arial, sans-serif)",
        )
        .optional()
        .metavar("FAMILY"),
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
            .choices(&format_choices(
                tabeq::doc::Format::ALL.map(tabeq::doc::Format::name),
            ))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The `--format` choices of each trust command, from the grammar's JSON.
    fn format_choices_of(grammar: &str, command: &str) -> Vec<String> {
        let tree: serde_json::Value = serde_json::from_str(grammar).unwrap();
        let named = |parent: &serde_json::Value, name: &str| {
            let commands = parent["commands"].as_array().unwrap();
            commands.iter().find(|c| c["name"] == name).unwrap().clone()
        };
        let command = named(&named(&tree, "trust"), command);
        let format = command["arguments"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["name"] == "--format")
            .unwrap();
        let choices = format["options"]["choices"].as_array().unwrap();
        choices.iter().map(|c| c.as_str().unwrap().into()).collect()
    }

    #[test]
    fn every_format_choice_renders_and_every_format_is_a_choice() {
        let grammar = tabeq::command::command_line(vec![trust()]);
        let doc = tabeq::doc::Document::new("T");
        for name in ["reliability", "robustness"] {
            let choices = format_choices_of(&grammar, name);
            assert_eq!(&choices[..2], ["table", "json"], "{name}");
            for choice in &choices[1..] {
                let rendered = crate::render_operators("", choice);
                assert!(rendered.is_ok(), "{name} --format {choice}");
            }
            for format in Format::ALL {
                let shown = match format {
                    Format::Document(tabeq::doc::Format::Text) => "table",
                    other => other.name(),
                };
                assert!(choices.iter().any(|c| c == shown), "{name} lacks {shown}");
                assert!(crate::render_document(&doc, format.name()).is_ok());
            }
        }
        let operators = format_choices_of(&grammar, "operators");
        assert_eq!(operators, ["table", "json", "markdown", "html", "csv"]);
        assert!(crate::render_document(&doc, "pdf").is_err());
    }
}
