//! Config parsing: any bytes give a config or a coded fatal error of stage `config`; a valid
//! config survives a round trip through its normalized JSON; column specs parse alone too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabeq::config::{ColumnSpec, TaskConfig};
use tabeq::FatalStage;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, json)) = data.split_first() else {
        return;
    };
    let stem = (selector & 1 == 1).then_some("task_1");
    match TaskConfig::from_json(json, stem) {
        Ok(config) => {
            assert!(!config.columns.is_empty());
            for (i, c) in config.columns.iter().enumerate() {
                assert_eq!(c.gold_index, i);
                let _ = c.rule().describe();
            }
            let text = config.to_json();
            let again =
                TaskConfig::from_json(text.as_bytes(), stem).expect("normalized JSON reads");
            assert_eq!(again, config, "round trip");
        }
        Err(e) => {
            assert_eq!(e.stage(), FatalStage::Config);
            assert!(!e.message().is_empty());
        }
    }
    if let Ok(text) = std::str::from_utf8(json) {
        if let Ok(spec) = ColumnSpec::from_json(text) {
            let _ = spec.rule();
        }
    }
});
