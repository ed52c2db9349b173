//! Issue 17 in the core: ignored config keys are reported (and still ignored), a diagnosis can
//! keep gold and prediction values out, and suites have one task and unscored order.

use tabeq::config::{config_warnings, ConfigLocation, TaskConfig};
use tabeq::cpython_json;
use tabeq::explain::{explain_task, ExplainOptions, REDACTED};
use tabeq::suite::{plan_suite, unscored_prediction_tasks, ConfigFile, SuiteSummary};
use tabeq::{Prediction, PreparedGold};

fn config_json(column_extra: &str, comparison_extra: &str, top_extra: &str) -> String {
    format!(
        r#"{{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false{top_extra},
           "columns": [{{"gold_index": 0, "gold_name": "region", "type": "text"}},
                       {{"gold_index": 1, "gold_name": "share", "type": "number"{column_extra},
                         "comparison": {{"mode": "decimal_places", "digits": 1{comparison_extra}}}}}]}}"#
    )
}

#[test]
fn ignored_keys_are_reported_with_a_suggestion_and_change_nothing() {
    let typo = config_json(
        r#", "allow_percent": true"#,
        r#", "digit": 2"#,
        r#", "order": true"#,
    );
    let (config, warnings) = TaskConfig::from_json_with_warnings(typo.as_bytes(), None).unwrap();
    let clean = TaskConfig::from_json(config_json("", "", "").as_bytes(), None).unwrap();
    // Exactly what the official evaluator does: the keys are ignored.
    assert_eq!(config, clean);
    assert!(!config.columns[1].allow_percent_sign);
    let shown: Vec<String> = warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        shown,
        [
            "unknown key `order` in the config — did you mean `order_sensitive`?",
            "unknown key `allow_percent` in column 1 — did you mean `allow_percent_sign`?",
            "unknown key `digit` in the comparison of column 1 — did you mean `digits`?",
        ]
    );
    assert!(warnings
        .iter()
        .all(|w| w.code.code() == "unknown_config_key"));
    assert_eq!(warnings[1].location, ConfigLocation::Column(1));
    assert_eq!(warnings[1].suggestion, Some("allow_percent_sign"));
}

#[test]
fn a_key_like_no_known_one_has_no_suggestion_and_known_keys_no_warning() {
    let (_, none) =
        TaskConfig::from_json_with_warnings(config_json("", "", "").as_bytes(), None).unwrap();
    assert!(none.is_empty());
    let odd = config_json(r#", "description": "GDP share""#, "", "");
    let (_, warnings) = TaskConfig::from_json_with_warnings(odd.as_bytes(), None).unwrap();
    assert_eq!(
        warnings[0].to_string(),
        "unknown key `description` in column 1"
    );
    assert_eq!(warnings[0].suggestion, None);
    // Case slips are suggested too; a repeated key is reported once.
    let value = cpython_json::parse(r#"{"Task_ID": 1, "Task_ID": 2, "columns": 5}"#).unwrap();
    let warnings = config_warnings(&value);
    assert_eq!(warnings.len(), 1);
    assert_eq!(warnings[0].suggestion, Some("task_id"));
}

#[test]
fn suite_plans_carry_warnings_and_the_summary_stays_the_official_one() {
    let typo = config_json(r#", "allow_percent": true"#, "", "");
    let files = vec![ConfigFile {
        name: "task_1.json".into(),
        bytes: typo.into_bytes(),
    }];
    let plan = plan_suite(&files).unwrap();
    assert_eq!(plan.config_warnings.len(), 1);
    assert_eq!(plan.config_warnings[0][0].key, "allow_percent");
    let summary = SuiteSummary::new(&plan, Vec::new(), Vec::new()).to_json();
    assert!(!summary.contains("allow_percent") && !summary.contains("warning"));
}

#[test]
fn equal_task_numbers_keep_the_listing_order() {
    // The official evaluator sorts by number alone, stably: `task_0`, `task_00` and `task_٠`
    // keep the order of the directory listing, and the config-set hash follows it (issue 24).
    let config = |id: &str| {
        ConfigFile {
        name: format!("{id}.json"),
        bytes: format!(
            r#"{{"schema_version":"1.0","task_id":"{id}","order_sensitive":false,"columns":[{{"gold_index":0,"gold_name":"a","type":"text"}}]}}"#
        )
        .into_bytes(),
    }
    };
    let ids = ["task_00", "task_1", "task_0", "task_000"];
    let forward: Vec<ConfigFile> = ids.iter().map(|id| config(id)).collect();
    let backward: Vec<ConfigFile> = ids.iter().rev().map(|id| config(id)).collect();
    let (a, b) = (
        plan_suite(&forward).unwrap(),
        plan_suite(&backward).unwrap(),
    );
    let order = |p: &tabeq::suite::SuitePlan| -> Vec<String> {
        p.configs.iter().map(|c| c.task_id.clone()).collect()
    };
    assert_eq!(order(&a), ["task_00", "task_0", "task_000", "task_1"]);
    assert_eq!(order(&b), ["task_000", "task_0", "task_00", "task_1"]);
    assert_ne!(a.config_set_sha256, b.config_set_sha256);
    let plan = plan_suite(&[config("task_5")]).unwrap();
    let dirs = ["task_00", "task_0", "task_٠", "task_7", "task_000"];
    let one = unscored_prediction_tasks(dirs.iter().copied(), &plan);
    let other = unscored_prediction_tasks(dirs.iter().rev().copied(), &plan);
    assert_eq!(one, ["task_00", "task_0", "task_٠", "task_000", "task_7"]);
    assert_eq!(other, ["task_000", "task_٠", "task_0", "task_00", "task_7"]);
}

fn region_config() -> TaskConfig {
    TaskConfig::from_json(
        br#"{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": true,
            "columns": [{"gold_index": 0, "gold_name": "answer", "type": "text"}]}"#,
        None,
    )
    .unwrap()
}

fn diagnosis_json(
    prediction: &[u8],
    gold: &[u8],
    config: &TaskConfig,
    options: &ExplainOptions,
) -> String {
    explain_task(Prediction::Csv(prediction), gold, config, options)
        .unwrap()
        .to_json()
}

#[test]
fn a_diagnosis_can_keep_gold_and_prediction_values_out() {
    let config = region_config();
    let gold = b"answer\nGOLD-ANSWER-42\n";
    let prediction: &[u8] = b"Answer\nguess\n";
    let full = diagnosis_json(prediction, gold, &config, &ExplainOptions::default());
    assert!(full.contains("GOLD-ANSWER-42") && full.contains("guess"));
    let no_gold = ExplainOptions {
        show_gold_values: false,
        ..ExplainOptions::default()
    };
    let redacted = explain_task(Prediction::Csv(prediction), gold, &config, &no_gold).unwrap();
    let text = redacted.to_json();
    assert!(!text.contains("GOLD-ANSWER-42"), "{text}");
    assert!(text.contains(REDACTED) && text.contains("guess"));
    assert!(redacted.summary.contains("gold row 1 [[redacted]]"));
    let nothing = ExplainOptions {
        show_gold_values: false,
        show_prediction_values: false,
        ..ExplainOptions::default()
    };
    let prepared = PreparedGold::new(gold, &config).unwrap();
    let d = tabeq::explain::explain(Prediction::Csv(prediction), &prepared, &nothing);
    let text = d.to_json();
    assert!(
        !text.contains("GOLD-ANSWER-42") && !text.contains("guess") && !text.contains("Answer")
    );
    // The verdict is untouched.
    assert_eq!(d.result, prepared.evaluate(Prediction::Csv(prediction)));
}

#[test]
fn redaction_covers_offending_cells_and_hint_headers() {
    let config = TaskConfig::from_json(
        br#"{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false,
            "columns": [{"gold_index": 0, "gold_name": "n", "type": "number", "comparison": {"mode": "integer"}},
                        {"gold_index": 1, "gold_name": "t", "type": "text"}]}"#,
        None,
    )
    .unwrap();
    let gold = b"n,t\n1,a\n2,b\n";
    let prediction: &[u8] = b"PRIVATE-HEADER,t,extra\nPRIVATE-CELL,a,1\n2,b,2\n";
    let nothing = ExplainOptions {
        show_gold_values: false,
        show_prediction_values: false,
        ..ExplainOptions::default()
    };
    let full = diagnosis_json(prediction, gold, &config, &ExplainOptions::default());
    assert!(full.contains("PRIVATE-CELL") && full.contains("PRIVATE-HEADER"));
    let text = diagnosis_json(prediction, gold, &config, &nothing);
    assert!(!text.contains("PRIVATE"), "{text}");
}

/// Everything a participant sees of a diagnosis: its JSON, summary and document in every format.
fn participant_outputs(prediction: &[u8], gold: &[u8], config: &TaskConfig) -> Vec<String> {
    let options = ExplainOptions::default().disclosing(tabeq::explain::Disclosure::Participant);
    let d = explain_task(Prediction::Csv(prediction), gold, config, &options).unwrap();
    let doc = d.document();
    vec![
        d.to_json(),
        d.summary.clone(),
        doc.to_text(),
        doc.to_markdown(),
        doc.to_html(),
        doc.to_csv(),
    ]
}

/// A gold of `rows` rows whose column `j` holds `values[j]` (one per row), rows in `order`.
fn gold_csv(values: &[Vec<String>], order: &[usize]) -> Vec<u8> {
    let header: Vec<String> = (0..values.len()).map(|j| format!("c{j}")).collect();
    let mut out = header.join(",") + "\n";
    for &r in order {
        let row: Vec<&str> = values.iter().map(|col| col[r].as_str()).collect();
        out += &(row.join(",") + "\n");
    }
    out.into_bytes()
}

/// A deterministic shuffle (xorshift), so each variant is reproducible.
fn shuffled(n: usize, seed: u64) -> Vec<usize> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut out: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        out.swap(i, (state % (i as u64 + 1)) as usize);
    }
    out
}

/// Issue 38 item 4: at the participant level nothing a participant sees is ordered, counted or
/// cut by gold values. Golds with the same shape and official record but different hidden
/// values (each integer column's values moved to another column, rows in another order) must
/// give byte-identical output, although the best mapping (which follows the gold's values)
/// differs between them.
#[test]
fn participant_output_does_not_depend_on_hidden_gold_values_or_order() {
    // Narrow (every offending cell listed) and wide (one per gold column: the cut is where the
    // gold's order would show most).
    for width in [3usize, 5, 33] {
        let bodies: Vec<String> = (0..width)
            .map(|j| {
                if j + 1 == width && width < 30 {
                    r#""type": "text""#.to_string()
                } else {
                    r#""type": "number", "comparison": {"mode": "integer"}"#.to_string()
                }
            })
            .collect();
        let bodies: Vec<&str> = bodies.iter().map(String::as_str).collect();
        let cols: Vec<String> = bodies
            .iter()
            .enumerate()
            .map(|(i, body)| format!(r#"{{"gold_index": {i}, "gold_name": "c{i}", {body}}}"#))
            .collect();
        let config = TaskConfig::from_json(
            format!(
                r#"{{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false, "columns": [{}]}}"#,
                cols.join(",")
            )
            .as_bytes(),
            None,
        )
        .unwrap();
        // Prediction column k: the number 10k, a cell no integer rule reads, and a number no
        // gold holds (so the diagnosis gives it an id of its own for the mapped columns).
        let header: Vec<String> = (0..width).map(|k| format!("p{k}")).collect();
        let first: Vec<String> = (0..width).map(|k| (10 * k).to_string()).collect();
        let second: Vec<String> = (0..width).map(|k| format!("bad{k}")).collect();
        let third: Vec<String> = (0..width).map(|k| (1000 + k).to_string()).collect();
        let prediction = format!(
            "{}\n{}\n{}\n{}\n",
            header.join(","),
            first.join(","),
            second.join(","),
            third.join(",")
        );
        let mut reference: Option<Vec<String>> = None;
        let mut mappings = std::collections::BTreeSet::new();
        for seed in 1..=12u64 {
            // Gold column j holds 10·perm[j] (so it shares a value with prediction column
            // perm[j]) and values no prediction column holds.
            let perm = shuffled(width, seed);
            let values: Vec<Vec<String>> = (0..width)
                .map(|j| {
                    let v = 10 * perm[j];
                    vec![v.to_string(), (v + 7).to_string(), (v + 3).to_string()]
                })
                .collect();
            let gold = gold_csv(&values, &shuffled(3, seed + 100));
            let full = explain_task(
                Prediction::Csv(prediction.as_bytes()),
                &gold,
                &config,
                &ExplainOptions::default(),
            )
            .unwrap();
            assert!(!full.passed());
            mappings.insert(full.mapping.as_ref().map(|m| {
                format!(
                    "{:?}",
                    m.pairs
                        .iter()
                        .map(|p| p.prediction_index)
                        .collect::<Vec<_>>()
                )
            }));
            let outputs = participant_outputs(prediction.as_bytes(), &gold, &config);
            match &reference {
                None => reference = Some(outputs),
                Some(want) => {
                    for (got, want) in outputs.iter().zip(want) {
                        assert_eq!(got, want, "width {width}, seed {seed}");
                    }
                }
            }
        }
        // The golds really steer the (hidden) mapping: the test would see an order leak.
        assert!(mappings.len() > 1, "width {width}: {mappings:?}");
    }
}
