//! Full task evaluation with the config, gold and prediction all fuzzed (layout in the crate
//! docs). The verdict must equal brute-force permutation enumeration for up to five columns;
//! beyond that a reported mapping must really pass and a type failure must have no matching.
//! Every other entry point (table input, explain, validate) must agree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabeq_fuzz::{check_task, decode_task};

fuzz_target!(|data: &[u8]| {
    if let Some(task) = decode_task(data) {
        check_task(&task.config, &task.gold, task.prediction.as_deref());
    }
});
