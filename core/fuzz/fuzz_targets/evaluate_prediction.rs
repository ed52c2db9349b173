//! Full task evaluation against fixed, valid golds (`fixed_tasks.jsonl`) with a fuzzed
//! prediction. Input: task index byte, flags byte (bit 1: derive the prediction from the gold,
//! mutation in bits 2..=4, seed in the next 8 bytes; bit 7 without bit 1: no prediction file),
//! then the prediction bytes. Checked like `evaluate_both`.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use tabeq::cpython_json::{self, Value};
use tabeq::TaskConfig;
use tabeq_fuzz::{check_task, derive_prediction, Rng};

fn fixed() -> &'static [(TaskConfig, Vec<u8>)] {
    static TASKS: OnceLock<Vec<(TaskConfig, Vec<u8>)>> = OnceLock::new();
    TASKS.get_or_init(|| {
        include_str!("../fixed_tasks.jsonl")
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|line| {
                let v = cpython_json::parse(line).expect("fixed task JSON");
                let config = TaskConfig::from_value(v.get("config").expect("config"), None)
                    .expect("fixed config is valid");
                let Some(Value::Str(gold)) = v.get("gold") else {
                    panic!("gold text")
                };
                (config, gold.as_bytes().to_vec())
            })
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let tasks = fixed();
    let [index, flags, rest @ ..] = data else {
        return;
    };
    let (config, gold) = &tasks[*index as usize % tasks.len()];
    let prediction = if flags & 2 != 0 {
        let seed = &rest[..rest.len().min(8)];
        Some(derive_prediction(
            gold,
            &mut Rng::from_bytes(seed),
            (flags >> 2) & 7,
        ))
    } else if flags & 0x80 != 0 {
        None
    } else {
        Some(rest.to_vec())
    };
    check_task(config, gold, prediction.as_deref());
});
