//! Independent parts of one large task, run at once when a binding lends threads.
//!
//! The core starts no threads (it also runs in WebAssembly, and its bindings own threads, as
//! they own IO). A large task still has parts that do not depend on each other: reading the
//! gold and the prediction, and canonicalizing the columns of each distinct rule. A binding
//! with a thread pool implements [`Parallel`] and passes it to the `…_in` functions
//! ([`crate::evaluate_task_in`], [`crate::PreparedGold::new_in`],
//! [`crate::PreparedGold::evaluate_in`]); [`InTurn`] runs the parts one after another, which
//! is what the functions without `_in` do. Results never depend on it. Below
//! [`Parallel::worth_from_bytes`] of input (by default [`WORTH_FROM_BYTES`]) the parts run in
//! turn whatever is passed: handing them to other threads would cost more than it saves.
//!
//! ```
//! use tabeq::parallel::{InTurn, Parallel};
//! /// Runs each part on a thread of its own (a real binding lends a pool's threads).
//! struct Scoped;
//! impl Parallel for Scoped {
//!     fn run(&self, parts: &mut [&mut (dyn FnMut() + Send)]) {
//!         std::thread::scope(|s| {
//!             for part in parts.iter_mut() {
//!                 s.spawn(part);
//!             }
//!         });
//!     }
//! }
//! let config = tabeq::TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
//!   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "d", "type": "date"}]}"#, None)?;
//! // Large enough to be worth handing out (20,000 rows, 440 KB in all).
//! let gold = format!("d\n{}", "2024-01-02\n".repeat(20_000));
//! let prediction = format!("x\n{}", "2024-01-02T00:00:00\n".repeat(20_000));
//! let prediction = tabeq::Prediction::Csv(prediction.as_bytes());
//! let apart = tabeq::evaluate_task_in(prediction, gold.as_bytes(), &config, &Scoped)?;
//! let in_turn = tabeq::evaluate_task_in(prediction, gold.as_bytes(), &config, &InTurn)?;
//! assert!(apart.passed);
//! assert_eq!(apart, in_turn);
//! # Ok::<(), tabeq::FatalError>(())
//! ```

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Input bytes (gold and prediction together) from which a task's parts are handed to a
/// [`Parallel`]: about a millisecond of work, well above the cost of waking a pool's threads.
pub const WORTH_FROM_BYTES: usize = 256 * 1024;

/// Runs the independent parts of a task, possibly at once.
pub trait Parallel: Sync {
    /// Call every part once, in any order, possibly on other threads; return when all have
    /// returned. A part that is not called is called afterwards on the calling thread.
    fn run(&self, parts: &mut [&mut (dyn FnMut() + Send)]);

    /// Whether parts may run at once. When they run in turn, work that an earlier part's
    /// result makes unneeded is not started.
    fn at_once(&self) -> bool {
        true
    }

    /// Input bytes (gold and prediction together) from which a task's parts are handed to
    /// [`Parallel::run`]; smaller tasks run them in turn.
    fn worth_from_bytes(&self) -> usize {
        WORTH_FROM_BYTES
    }
}

/// Runs the parts one after another on the calling thread.
#[derive(Debug, Clone, Copy, Default)]
pub struct InTurn;

impl Parallel for InTurn {
    fn run(&self, parts: &mut [&mut (dyn FnMut() + Send)]) {
        for part in parts {
            part();
        }
    }

    fn at_once(&self) -> bool {
        false
    }
}

/// Whether `parallel` runs the parts of a task of `bytes` of input at once. Callers are
/// generic over the [`Parallel`], so for [`InTurn`] this is `false` when compiled and the code
/// that hands parts out is left out (a WebAssembly module never contains it).
#[inline]
pub(crate) fn at_once<P: Parallel + ?Sized>(parallel: &P, bytes: usize) -> bool {
    parallel.at_once() && bytes >= parallel.worth_from_bytes()
}

/// `f(item)` for every item of a task of `bytes` of input: in turn, or ([`at_once`]) each
/// handed to `parallel` as a part, running under the calling thread's cancel flag
/// ([`crate::cancel`]) wherever it runs.
#[inline]
pub(crate) fn for_each<P: Parallel + ?Sized, T: Send>(
    parallel: &P,
    bytes: usize,
    items: impl Iterator<Item = T>,
    f: impl Fn(T) + Sync,
) {
    if !at_once(parallel, bytes) {
        items.for_each(f);
        return;
    }
    let (flag, f) = (crate::cancel::current(), &f);
    let items: Vec<T> = items.collect();
    let mut done: Vec<Option<()>> = items.iter().map(|_| None).collect();
    let mut parts: Vec<_> = items
        .into_iter()
        .zip(&mut done)
        .map(|(item, out)| once(&flag, move || f(item), out))
        .collect();
    let mut handles: Vec<&mut (dyn FnMut() + Send)> = parts
        .iter_mut()
        .map(|p| p as &mut (dyn FnMut() + Send))
        .collect();
    run_parts(parallel, &mut handles);
}

/// `(a(), b())` for a task of `bytes` of input: in turn, or (when `parallel` hands out parts
/// and the task is worth it) as two parts at once, each under the calling thread's cancel
/// flag. Bindings use it to read a task's two files at once.
///
/// ```
/// use tabeq::parallel::{join, InTurn};
/// assert_eq!(join(&InTurn, 1 << 30, || 1 + 1, || "two"), (2, "two"));
/// ```
#[inline]
pub fn join<P: Parallel + ?Sized, A: Send, B: Send>(
    parallel: &P,
    bytes: usize,
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    if !at_once(parallel, bytes) {
        return (a(), b());
    }
    let flag = crate::cancel::current();
    let (mut a_out, mut b_out) = (None, None);
    {
        let (mut a, mut b) = (once(&flag, a, &mut a_out), once(&flag, b, &mut b_out));
        run_parts(parallel, &mut [&mut a, &mut b]);
    }
    match (a_out, b_out) {
        (Some(a), Some(b)) => (a, b),
        _ => unreachable!("both parts were called above"),
    }
}

/// `work` as a part: it runs once (later calls do nothing), under the cancel flag `flag`
/// wherever it runs, and puts its result in `out`.
fn once<'a, R: Send>(
    flag: &'a Option<Arc<AtomicBool>>,
    work: impl FnOnce() -> R + Send + 'a,
    out: &'a mut Option<R>,
) -> impl FnMut() + Send + 'a {
    let mut work = Some(work);
    move || {
        if let Some(work) = work.take() {
            *out = Some(crate::cancel::with_current(flag, work));
        }
    }
}

/// Hand `parts` to `parallel`, then run any part the implementation left out (a part that
/// ran does nothing twice: see [`once`]).
fn run_parts<P: Parallel + ?Sized>(parallel: &P, parts: &mut [&mut (dyn FnMut() + Send)]) {
    parallel.run(parts);
    for part in parts {
        part();
    }
}
