//! Every vector of `tests/kddcup/vectors.jsonl` (inputs and the official scorer's outputs,
//! written by `tests/kddcup/differential.py --write-vectors`) holds for tabeq.

use serde_json::Value;

#[path = "../examples/support/mod.rs"]
mod support;

const VECTORS: &str = include_str!("../../../tests/kddcup/vectors.jsonl");

#[test]
fn every_vector_of_the_official_holds() {
    let mut count = 0;
    let mut tasks = 0;
    for line in VECTORS.split('\n').filter(|l| !l.is_empty()) {
        let vector: Value = serde_json::from_str(line).unwrap();
        let case = &vector["case"];
        assert_eq!(support::answer(case).unwrap(), vector["official"], "{case}");
        count += 1;
        tasks += usize::from(case["kind"] == "task");
    }
    assert!(
        count > 4000 && tasks > 500,
        "{count} vectors, {tasks} tasks"
    );
}
