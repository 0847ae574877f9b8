//! JIT events and the `--jit-stats` summary: every compilation, rejection,
//! deoptimization and transformed module is recorded here in order (printed at once
//! under `--jit-log`), and native code's time is counted when asked.
//!
//! Assumes one list per process: events of every interpreter in the process land in it
//! (the event type itself is `pynum_jit::events::JitEvent`).

use std::sync::atomic::{AtomicU64, Ordering};

use pynum_jit::events::JitEvent;
use pynum_jit::policy::JitConfig;

static EVENTS: std::sync::Mutex<Vec<JitEvent>> = std::sync::Mutex::new(Vec::new());

pub(crate) fn record(config: &JitConfig, event: JitEvent) {
    if config.log {
        eprintln!("pynum-jit: {event}");
    }
    EVENTS.lock().unwrap_or_else(|e| e.into_inner()).push(event);
}

/// Every JIT event so far, in order.
pub fn events() -> Vec<JitEvent> {
    EVENTS.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// The `--jit-stats` summary.
static NATIVE_NANOS: AtomicU64 = AtomicU64::new(0);
static NATIVE_CALLS: AtomicU64 = AtomicU64::new(0);

/// The `--jit-stats` summary for a run that took `total` so far.
pub fn stats_summary(total: std::time::Duration) -> String {
    let events = events();
    let count = |kind: fn(&JitEvent) -> bool| events.iter().filter(|e| kind(e)).count();
    let compile_ms: f64 = events.iter().map(JitEvent::compile_milliseconds).sum();
    let native_ms = NATIVE_NANOS.load(Ordering::Relaxed) as f64 / 1e6;
    let total_ms = total.as_secs_f64() * 1e3;
    format!(
        "pynum-jit stats: {} specializations compiled in {compile_ms:.3} ms, {} rejected, {} deoptimizations\n\
         pynum-jit stats: {total_ms:.1} ms in all: {native_ms:.1} ms in native code ({} calls), {:.1} ms compiling, {:.1} ms in the interpreter and start-up",
        count(|e| matches!(e, JitEvent::Compiled { .. })),
        count(|e| matches!(e, JitEvent::Rejected { .. })),
        count(|e| matches!(e, JitEvent::Deoptimized { .. })),
        NATIVE_CALLS.load(Ordering::Relaxed),
        compile_ms,
        (total_ms - native_ms - compile_ms).max(0.0),
    )
}

/// Adds one native call that took `elapsed` to the `--jit-stats` totals (timed only under
/// `--jit-stats`, see `JitConfig::time_native`).
pub(super) fn count_native_call(elapsed: std::time::Duration) {
    NATIVE_NANOS.fetch_add(elapsed.as_nanos() as u64, Ordering::Relaxed);
    NATIVE_CALLS.fetch_add(1, Ordering::Relaxed);
}
