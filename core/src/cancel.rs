//! Cooperative cancellation of long work, for a binding that must stop on Ctrl-C.
//!
//! The core does no IO and knows nothing of signals: a binding runs work inside
//! [`with_flag`] on a worker thread and sets the flag when its calling thread sees a signal.
//! The core's long loops (the column search, reading every column under every rule) call
//! [`cancelled`] and give up early; what they return then is meaningless and the binding
//! discards it. Outside [`with_flag`] nothing is ever cancelled.
//!
//! ```
//! use std::sync::atomic::{AtomicBool, Ordering};
//! use std::sync::Arc;
//! let flag = Arc::new(AtomicBool::new(false));
//! assert!(!tabeq::cancel::with_flag(&flag, tabeq::cancel::cancelled));
//! flag.store(true, Ordering::Relaxed);
//! assert!(tabeq::cancel::with_flag(&flag, tabeq::cancel::cancelled));
//! assert!(!tabeq::cancel::cancelled());
//! ```

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

thread_local! {
    static FLAG: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// Run `f` on this thread with `flag` as its cancel flag (restored afterwards, also when `f`
/// panics).
pub fn with_flag<R>(flag: &Arc<AtomicBool>, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Arc<AtomicBool>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            FLAG.with(|c| *c.borrow_mut() = previous);
        }
    }
    let previous = FLAG.with(|c| c.borrow_mut().replace(Arc::clone(flag)));
    let _restore = Restore(previous);
    f()
}

/// This thread's cancel flag, for running parts of its work on other threads
/// ([`with_current`]).
pub(crate) fn current() -> Option<Arc<AtomicBool>> {
    FLAG.with(|c| c.borrow().clone())
}

/// Run `f` under `flag` (from [`current`]): [`with_flag`] when there is one.
pub(crate) fn with_current<R>(flag: &Option<Arc<AtomicBool>>, f: impl FnOnce() -> R) -> R {
    match flag {
        Some(flag) => with_flag(flag, f),
        None => f(),
    }
}

/// Rows a loop over a table's rows reads between two calls of [`cancelled`].
pub(crate) const POLL_ROWS: usize = 1024;

/// Whether the work running on this thread has been cancelled.
pub fn cancelled() -> bool {
    FLAG.with(|c| {
        c.borrow()
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    })
}

/// Whether work that grew from `before` to `after` units crossed a poll point (every 2^20
/// units) and is cancelled: a check cheap enough for the hottest loops.
#[inline]
pub fn cancelled_between(before: u64, after: u64) -> bool {
    before >> 20 != after >> 20 && cancelled()
}
