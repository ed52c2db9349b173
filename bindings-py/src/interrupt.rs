//! One long computation run so that Ctrl-C stops it: the work runs on its own thread with the
//! core's cancel flag ([`tabeq_surface::evaluator::cancel`]) while the calling thread, without the GIL, checks for
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
            // The worker sends its result; the channel, not `JoinHandle::is_finished`, says when
            // it is done (a wake-up can be lost between that check and a timed park).
            let (sender, receiver) = std::sync::mpsc::sync_channel(1);
            let worker = scope.spawn(move || {
                let _ = sender.send(tabeq_surface::evaluator::cancel::with_flag(&flag, work));
            });
            loop {
                match receiver.recv_timeout(POLL) {
                    Ok(value) => {
                        let _ = worker.join();
                        return Ok(value);
                    }
                    // The worker ended without a result: it panicked; join gives the panic.
                    Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                        let ended: Box<dyn std::any::Any + Send> =
                            Box::new("the worker ended without a result");
                        return Err(worker.join().err().unwrap_or(ended));
                    }
                    Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                }
                if failure.is_none() {
                    if let Err(e) = Python::attach(|py| py.check_signals()) {
                        cancel.store(true, Ordering::Relaxed);
                        failure = Some(e);
                    }
                }
            }
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
