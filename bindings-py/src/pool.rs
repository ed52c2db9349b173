//! The long-lived worker pool behind every batch call (`evaluate_many`, `evaluate_suite`,
//! `Gold.evaluate_many/scores/partial_credit`): one rayon pool per thread count, built on
//! first use and kept, so a call pays a hand-off, not thread creation.
//!
//! Work runs in chunks with the GIL released; between chunks the calling thread takes the
//! GIL back to report progress and check for signals, so Ctrl-C stops a batch within about
//! one chunk (chunks are sized to take about 50 ms) plus the item running.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use rayon::prelude::*;

/// Estimated work (bytes of input) below which a batch runs on the calling thread: handing
/// it to the pool would cost more than it saves.
pub const INLINE_WORK_BYTES: usize = 32 * 1024;

/// A chunk aims at this duration (progress and signal checks happen between chunks).
const CHUNK_TARGET: Duration = Duration::from_millis(50);

/// How often `progress` is called at most.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(100);

/// The threads to use: `requested`, or one per CPU; at least 1, at most one per item.
pub fn thread_count(requested: Option<usize>, items: usize) -> usize {
    let available = std::thread::available_parallelism().map_or(1, |n| n.get());
    requested.unwrap_or(available).clamp(1, items.max(1))
}

/// Pools by thread count, with the process that built them: a forked child (multiprocessing)
/// inherits the table but not the threads, so it builds its own.
type Pools = Vec<(usize, u32, Arc<rayon::ThreadPool>)>;
static POOLS: Mutex<Pools> = Mutex::new(Vec::new());

fn pool(threads: usize) -> PyResult<Arc<rayon::ThreadPool>> {
    let pid = std::process::id();
    let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, _, p)) = pools
        .iter()
        .find(|(n, owner, _)| *n == threads && *owner == pid)
    {
        return Ok(Arc::clone(p));
    }
    let built = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("tabeq-worker-{i}"))
        .build()
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start worker threads: {e}")))?;
    let built = Arc::new(built);
    pools.retain(|(_, owner, _)| *owner == pid);
    pools.push((threads, pid, Arc::clone(&built)));
    Ok(built)
}

/// `work(i)` for every `i < total`, results in input order. `estimate` is the work in input
/// bytes (decides whether the pool is worth it). `progress(done, total)` is called with the
/// GIL at most ten times a second and once at the end. A pending signal (Ctrl-C) stops the
/// batch between chunks and raises its exception (`KeyboardInterrupt`).
pub fn run<T: Send>(
    py: Python<'_>,
    total: usize,
    threads: usize,
    estimate: usize,
    work: &(dyn Fn(usize) -> T + Sync),
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<T>> {
    let parallel = threads > 1 && total > 1 && estimate > INLINE_WORK_BYTES;
    let pool = if parallel { Some(pool(threads)?) } else { None };
    let mut out = Vec::with_capacity(total);
    let mut chunk = if parallel { threads * 4 } else { 16 };
    let mut reported = Instant::now();
    while out.len() < total {
        let (start, end) = (out.len(), (out.len() + chunk).min(total));
        let began = Instant::now();
        let part: Vec<T> = py.detach(|| match &pool {
            Some(p) => p.install(|| (start..end).into_par_iter().map(work).collect()),
            None => (start..end).map(work).collect(),
        });
        let took = began.elapsed();
        out.extend(part);
        if took < CHUNK_TARGET / 2 {
            chunk = chunk.saturating_mul(2);
        } else if took > CHUNK_TARGET * 2 {
            chunk = (chunk / 2).max(threads);
        }
        if let Some(cb) = progress {
            if out.len() == total || reported.elapsed() >= PROGRESS_INTERVAL {
                cb.call1((out.len(), total))?;
                reported = Instant::now();
            }
        }
        py.check_signals()?;
    }
    Ok(out)
}
