//! `Gold`: a gold read, validated and canonicalized once, scored against many predictions.
//! Every result equals `evaluate` (and `explain`'s partial credit) on the same inputs.

use tabeq::pyjson::Out;
use tabeq::{Prediction, PreparedGold, TaskResult};

use super::evaluator::{config_stem, parse_config, prepare_gold, score, too_large_csv};
use super::{Failure, Input};

/// A prepared gold.
pub struct Gold {
    gold: PreparedGold,
}

/// `score` applied to the core's prediction for an input.
fn with_prediction<T>(input: &Input, score: impl FnOnce(Prediction<'_>) -> T) -> T {
    match input {
        Input::Missing => score(Prediction::Missing),
        Input::Bytes(b) => score(Prediction::Csv(b)),
        Input::TooLarge { at_least, exact } => {
            score(Prediction::Invalid(&too_large_csv(*at_least, *exact)))
        }
    }
}

impl Gold {
    /// Parse the config and prepare the gold; config and gold problems are failures (stages
    /// `config`, `gold`), as for `evaluate`.
    pub fn new(
        gold: Input,
        config: Input,
        config_file_name: Option<&str>,
    ) -> Result<Gold, Failure> {
        let config = parse_config(config, config_file_name.map(config_stem))?;
        Ok(Gold {
            gold: prepare_gold(gold, &config)?.for_many_predictions(),
        })
    }

    /// The official per-task record (as `evaluate` returns it).
    pub fn result(&self, prediction: &Input) -> TaskResult {
        score(prediction, &self.gold)
    }

    /// The official score, 1.0 or 0.0.
    pub fn score(&self, prediction: &Input) -> f64 {
        f64::from(u8::from(with_prediction(prediction, |p| {
            self.gold.passes(p)
        })))
    }

    /// The partial credit (the `partial_credit` block of `explain`).
    pub fn partial_credit(&self, prediction: &Input, strict: bool) -> Out {
        let credit = with_prediction(prediction, |p| self.gold.partial_credit(p, strict));
        tabeq::pyjson::to_tree(&credit)
    }

    /// The normalized config.
    pub fn config(&self) -> Out {
        self.gold.config().to_out()
    }

    /// Gold data rows.
    pub fn row_count(&self) -> usize {
        self.gold.table().row_count()
    }

    /// Gold columns.
    pub fn column_count(&self) -> usize {
        self.gold.table().column_count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CONFIG: &[u8] = br#"{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false,
        "columns": [{"gold_index": 0, "gold_name": "n", "type": "number", "comparison": {"mode": "integer"}}]}"#;

    #[test]
    fn results_equal_evaluate() {
        let gold = Gold::new(
            Input::Bytes(b"n\n3\n".to_vec()),
            Input::Bytes(CONFIG.to_vec()),
            None,
        )
        .unwrap();
        for prediction in [
            Input::Missing,
            Input::Bytes(b"x\n3.0\n".to_vec()),
            Input::Bytes(b"x\n4\n".to_vec()),
            Input::TooLarge {
                at_least: 1 << 30,
                exact: false,
            },
        ] {
            let direct = super::super::evaluator::evaluate(
                prediction.clone(),
                Input::Bytes(b"n\n3\n".to_vec()),
                Input::Bytes(CONFIG.to_vec()),
                None,
            )
            .unwrap();
            assert_eq!(tabeq::pyjson::to_tree(&gold.result(&prediction)), direct);
        }
        assert_eq!(gold.score(&Input::Bytes(b"x\n3\n".to_vec())), 1.0);
        assert_eq!((gold.row_count(), gold.column_count()), (1, 1));
        let fatal = Gold::new(
            Input::Bytes(b"n\nx\n".to_vec()),
            Input::Bytes(CONFIG.to_vec()),
            None,
        );
        assert_eq!(fatal.err().map(|f| f.stage), Some("gold"));
    }
}
