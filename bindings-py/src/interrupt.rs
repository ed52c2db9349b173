//! One long computation run so that Ctrl-C stops it: the work runs on its own thread with the
//! core's cancel flag ([`tabeq::cancel`]) while the calling thread, without the GIL, checks for
//! signals every [`POLL`]. A signal sets the flag; the core's long loops see it at their next
//! poll and give up, and the signal's exception (`KeyboardInterrupt`) is raised here once the
//! work has returned (its result is discarded).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use pyo3::prelude::*;

/// How often the calling thread checks for signals.
const POLL: Duration = Duration::from_millis(50);

/// `work()`, stopped by Ctrl-C (its exception raised instead of the result).
pub(crate) fn run<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    let cancel = Arc::new(AtomicBool::new(false));
    let mut failure: Option<PyErr> = None;
    let result = py.detach(|| {
        std::thread::scope(|scope| {
            let flag = Arc::clone(&cancel);
            let worker = scope.spawn(move || tabeq::cancel::with_flag(&flag, work));
            while !worker.is_finished() {
                std::thread::park_timeout(POLL);
                if failure.is_none() {
                    if let Err(e) = Python::attach(|py| py.check_signals()) {
                        cancel.store(true, Ordering::Relaxed);
                        failure = Some(e);
                    }
                }
            }
            worker.join()
        })
    });
    if let Some(e) = failure {
        return Err(e);
    }
    match result {
        Ok(value) => {
            py.check_signals()?;
            Ok(value)
        }
        Err(panic) => std::panic::resume_unwind(panic),
    }
}
