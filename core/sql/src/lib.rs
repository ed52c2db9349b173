//! Text-to-SQL result scoring: the Spider 1.0 test-suite `result_eq` (exec_eval.py), BIRD
//! mini-dev's EX (`calculate_ex`) and Soft-F1 (`calculate_f1_score`), reproduced exactly on
//! typed values with Python's equality (`docs/spec/sql.md`), decided without a permutation
//! search, with explanations and soundness warnings. No IO.
//!
//! ```
//! use tabeq_sql::{result_eq, Value::{Float, Int}};
//! // The official's quick rejection sorts each row by str(x) + str(type(x)):
//! let no = result_eq(&[vec![Float(1.0), Int(10)]], &[vec![Float(10.0), Int(1)]], false).unwrap();
//! let yes = result_eq(&[vec![Float(1.0), Int(2)]], &[vec![Float(2.0), Int(1)]], false).unwrap();
//! assert!(!no.equal && yes.equal);
//! ```

pub mod bird;
pub mod error;
pub mod result_eq;
pub mod value;

pub use bird::{bird_ex, bird_soft_f1, BirdEx, PyNumber};
pub use error::{SqlCode, SqlError, CODES};
pub use result_eq::{result_eq, Reason, ResultEq, WORK_BOUND};
pub use value::Value;
