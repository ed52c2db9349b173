//! Every output the JavaScript functions give for one task, as the core's JSON text (one object,
//! a member per function, `"error <code>"` where it throws), for `tests/wasm/objects.test.mjs`,
//! which checks that the WebAssembly module hands over the same objects without JSON text:
//! `cargo run -p tabeq --example js_outputs -- PRED|- GOLD CONFIG` (read as `task_1.json`).

mod support;

use tabeq::cpython_json::{to_tree, Out};
use tabeq::error::CodedError;
use tabeq::explain::ExplainOptions;
use tabeq::file_input::{self, FileInput, TaskFiles};
use tabeq::submission::SubmissionCheck;
use tabeq::suite::ConfigFile;

fn main() {
    let args = support::args("js_outputs PRED|- GOLD CONFIG", 3);
    let file = |i: usize| match args[i].as_str() {
        "-" => FileInput::Missing,
        path => FileInput::Bytes(support::read(path)),
    };
    let (prediction, gold, config) = (file(0), file(1), file(2));
    let files = |gold: &FileInput| TaskFiles {
        prediction: prediction.clone(),
        gold: gold.clone(),
        config: config.clone(),
        config_file_name: Some("task_1.json".into()),
    };
    let mut members = Vec::new();
    let mut put = |name: &str, tree: Result<Out, CodedError>| {
        let tree = tree.unwrap_or_else(|e| Out::Str(format!("error {}", e.code)));
        members.push((name.to_string(), tree));
    };
    let options = ExplainOptions::default();
    put("evaluate", files(&gold).evaluate().map(|r| to_tree(&r)));
    put(
        "explain",
        files(&gold).explain(&options).map(|d| to_tree(&d)),
    );
    let document = files(&gold).explain(&options).map(|d| d.document());
    put("explainDocument", document.map(|d| to_tree(&d)));
    let missing = FileInput::Missing;
    put(
        "validatePrediction",
        files(&missing).validate().map(|v| to_tree(&v)),
    );
    let document = files(&missing).validate().map(|v| v.document());
    put("validationDocument", document.map(|d| to_tree(&d)));
    let warnings = file_input::parse_config_with_warnings(&config, None);
    put("configWarnings", warnings.map(|(_, w)| to_tree(&w)));
    put(
        "readTable",
        file_input::read_table(gold.clone(), 100).map(|t| to_tree(&t)),
    );
    let scorer = files(&gold).gold_scorer();
    put(
        "Gold.config",
        scorer
            .as_ref()
            .map(|s| s.gold().config().to_out())
            .map_err(Clone::clone),
    );
    put(
        "Gold.partialCredit",
        scorer.map(|s| {
            let credits = [false, true].map(|strict| s.partial_credit(&prediction, strict));
            to_tree(&credits)
        }),
    );
    let configs = [ConfigFile {
        name: "task_1.json".into(),
        bytes: bytes_of(&config),
    }];
    let check = SubmissionCheck::new(&configs, ["task_1"]).map_err(CodedError::from);
    put(
        "SubmissionRun.report",
        check.and_then(|mut check| {
            check.check_input("task_1", &prediction)?;
            Ok(check.finished_report()?.to_out())
        }),
    );
    println!("{}", Out::Object(members).to_pretty());
}

/// The bytes of a file argument (none for a missing one).
fn bytes_of(file: &FileInput) -> Vec<u8> {
    match file {
        FileInput::Bytes(bytes) => bytes.clone(),
        _ => Vec::new(),
    }
}
