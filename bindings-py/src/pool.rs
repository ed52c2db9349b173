//! The long-lived worker pool behind every batch call (`evaluate_many`, `evaluate_suite`,
//! `Gold.evaluate_many/scores/partial_credit/rewards`): one rayon pool, built on first use,
//! grown when a call asks for more threads (up to [`MAX_WORKERS`]) and kept, so a call pays a
//! hand-off, not thread creation. A batch of one item, or of little work, skips the pool.
//!
//! Workers take one item at a time with the GIL released and keep their results until they
//! return. The calling thread never scores: every [`POLL`] it takes the GIL back to report
//! progress and check for signals, and it puts the results in order at the end. Ctrl-C (or a progress callback that raises) sets a cancel flag that the workers
//! check before every item and that the core's long loops poll ([`tabeq_surface::evaluator::cancel`]), so a batch
//! stops within one poll plus the time to the next poll inside the running items, however
//! long an item would take, and nothing of it is kept.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use tabeq_surface::evaluator::parallel::Parallel;

/// Estimated work (bytes of input, about 1 KiB per item beyond its bytes) up to which a batch
/// runs on the calling thread with the GIL held: a few microseconds per item, less than a
/// hand-off to the pool.
pub const INLINE_WORK_BYTES: usize = 32 * 1024;

/// How often the calling thread checks for signals while the workers run.
const POLL: Duration = Duration::from_millis(20);

/// How often `progress` is called at most.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(100);

/// The threads to use: `requested`, or one per CPU; at least 1, at most one per item.
pub fn thread_count(requested: Option<usize>, items: usize) -> usize {
    // Asked once: on Linux `available_parallelism` reads cgroup files, tens of microseconds,
    // more than scoring one small prediction.
    static AVAILABLE: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    let available =
        *AVAILABLE.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    requested.unwrap_or(available).clamp(1, items.max(1))
}

/// The most worker threads the pool ever holds: `threads=` above it runs on this many (more
/// threads than this cannot speed up CPU-bound scoring; they would only cost memory).
pub const MAX_WORKERS: usize = 64;

/// The one pool, with its size and the process that built it: a forked child
/// (multiprocessing) inherits the slot but not the threads, so it builds its own. A batch
/// asking for more threads than the pool has replaces it with a larger one (the old pool's
/// threads end once its last running batch returns); a batch asking for fewer uses only as
/// many workers as it asked for. So any number of distinct `threads=` values keeps at most
/// one pool of at most [`MAX_WORKERS`] threads alive.
type Pool = Option<(usize, u32, Arc<rayon::ThreadPool>)>;
static POOL: Mutex<Pool> = Mutex::new(None);

fn pool(threads: usize) -> PyResult<Arc<rayon::ThreadPool>> {
    let pid = std::process::id();
    // Grown to the next power of two: a run of rising `threads=` values rebuilds the pool a
    // handful of times, not once per value (each old pool's threads exit asynchronously).
    let threads = threads
        .clamp(1, MAX_WORKERS)
        .next_power_of_two()
        .min(MAX_WORKERS);
    let mut slot = POOL.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((size, owner, p)) = slot.as_ref() {
        if *owner == pid && *size >= threads {
            return Ok(Arc::clone(p));
        }
    }
    let built = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("tabeq-worker-{i}"))
        .build()
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start worker threads: {e}")))?;
    let built = Arc::new(built);
    *slot = Some((threads, pid, Arc::clone(&built)));
    Ok(built)
}

/// Whether a batch runs on the calling thread: little work in all (one small prediction, or a
/// few: at most [`INLINE_WORK_BYTES`] of input), where handing it to the pool and waiting for the workers costs more
/// than the scoring (BENCHMARKS.md, "one prediction"). Such a batch is short, so it still
/// sees Ctrl-C promptly (checked after it).
fn runs_inline(estimate: usize) -> bool {
    estimate <= INLINE_WORK_BYTES
}

/// `work(i)` for every `i < total`, results in input order, on `threads` workers. `estimate`
/// is the work in input bytes: a batch of one item or of little work runs on the calling
/// thread ([`runs_inline`]); any other goes to the pool so that the calling thread stays free
/// to see Ctrl-C. `progress(done, total)` is called
/// with the GIL at most ten times a second and once at the end. A pending signal (Ctrl-C)
/// cancels the batch (running items stop at the core's next cancel poll) and raises its
/// exception (`KeyboardInterrupt`); so does an exception from `progress`.
pub fn run<T: Send>(
    py: Python<'_>,
    total: usize,
    threads: usize,
    estimate: usize,
    work: &(dyn Fn(usize) -> T + Sync),
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<T>> {
    if total == 0 {
        return Ok(Vec::new());
    }
    if runs_inline(estimate) && progress.is_none() {
        let results = (0..total).map(work).collect();
        py.check_signals()?;
        return Ok(results);
    }
    let progress: Option<Py<PyAny>> = progress.map(|p| p.clone().unbind());
    let report = |py: Python<'_>, done: usize| -> PyResult<()> {
        match &progress {
            Some(cb) => cb.bind(py).call1((done, total)).map(drop),
            None => Ok(()),
        }
    };
    let workers = threads.clamp(1, total).min(MAX_WORKERS);
    let pool = pool(workers)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let (next, done) = (AtomicUsize::new(0), AtomicUsize::new(0));
    // Each worker keeps its results until it returns: no message, lock or wake-up per item,
    // which costs more than scoring a small prediction. `returned` counts workers that have
    // handed theirs over and wakes the calling thread when the last one does.
    let results: Mutex<Vec<Vec<(usize, T)>>> = Mutex::new(Vec::with_capacity(workers));
    let returned = (Mutex::new(0usize), Condvar::new());
    let mut failure: Option<PyErr> = None;
    let report_ref = &report;
    py.detach(|| {
        let (cancel, next, done, results, returned) = (&cancel, &next, &done, &results, &returned);
        pool.in_place_scope(|scope| {
            for _ in 0..workers {
                scope.spawn(move |_| {
                    // Counted on the way out, also when an item panics (the scope re-raises it).
                    let _exit = Returned(returned);
                    let mut mine = Vec::new();
                    tabeq_surface::evaluator::cancel::with_flag(cancel, || loop {
                        if cancel.load(Ordering::Relaxed) {
                            break;
                        }
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= total {
                            break;
                        }
                        mine.push((i, work(i)));
                        done.fetch_add(1, Ordering::Relaxed);
                    });
                    lock(results).push(mine);
                });
            }
            let mut reported = Instant::now();
            loop {
                let all_returned = {
                    let count = lock(&returned.0);
                    let (count, _) = returned
                        .1
                        .wait_timeout_while(count, POLL, |n| *n < workers)
                        .unwrap_or_else(|e| e.into_inner());
                    *count >= workers
                };
                if all_returned {
                    break;
                }
                if failure.is_some() {
                    continue;
                }
                let done = done.load(Ordering::Relaxed);
                let due = reported.elapsed() >= PROGRESS_INTERVAL && done < total;
                let checked = Python::attach(|py| {
                    if due {
                        report_ref(py, done)?;
                    }
                    py.check_signals()
                });
                if due {
                    reported = Instant::now();
                }
                if let Err(e) = checked {
                    // Stop taking items and make running ones stop at their next poll; the
                    // loop waits until every worker has returned.
                    cancel.store(true, Ordering::Relaxed);
                    failure = Some(e);
                }
            }
        });
    });
    if let Some(e) = failure {
        return Err(e);
    }
    py.check_signals()?;
    report(py, total)?;
    let mut slots: Vec<Option<T>> = std::iter::repeat_with(|| None).take(total).collect();
    for (i, out) in lock(&results).drain(..).flatten() {
        slots[i] = Some(out);
    }
    slots
        .into_iter()
        .map(|s| s.ok_or_else(|| PyRuntimeError::new_err("a worker stopped before its item")))
        .collect()
}

/// The pool lent to the core for the independent parts of one large task (reading the gold
/// and the prediction, canonicalizing each distinct rule's columns): what `evaluate` and
/// `Gold` use for a single task. The core decides which tasks are large enough to hand out.
pub struct Lent;

impl Parallel for Lent {
    fn run(&self, parts: &mut [&mut (dyn FnMut() + Send)]) {
        // No pool (threads could not start): the core runs the parts left out in turn.
        let Ok(pool) = pool(thread_count(None, parts.len())) else {
            return;
        };
        pool.in_place_scope(|scope| {
            for part in parts.iter_mut() {
                scope.spawn(move |_| part());
            }
        });
    }
}

/// A lock that a panicking item cannot poison for the others.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// Counts a worker as returned when dropped, and wakes the calling thread.
struct Returned<'a>(&'a (Mutex<usize>, Condvar));

impl Drop for Returned<'_> {
    fn drop(&mut self) {
        *lock(&self.0 .0) += 1;
        self.0 .1.notify_all();
    }
}
