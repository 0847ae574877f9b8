//! JIT events and the `--jit-stats` summary: every compilation, rejection,
//! deoptimization and transformed module is recorded here in order (printed at once
//! under `--jit-log`), counted in the interpreter's counters, and sent to its event sink
//! (`JitConfig`'s, an embedding application's log).
//!
//! Assumes one list per process: events of every interpreter in the process land in it
//! (the event type itself is `pynum_jit::events::JitEvent`); counters and sinks are per
//! interpreter.

use pynum_jit::events::JitEvent;
use pynum_jit::policy::{JitConfig, JitStats};

static EVENTS: std::sync::Mutex<Vec<JitEvent>> = std::sync::Mutex::new(Vec::new());

pub(crate) fn record(config: &JitConfig, event: JitEvent) {
    if config.log {
        eprintln!("pynum-jit: {event}");
    }
    config.counters.count(&event);
    pynum_jit::coverage::record_event(&event);
    if let Some(sink) = &config.event_sink {
        sink.send(&event);
    }
    EVENTS.lock().unwrap_or_else(|e| e.into_inner()).push(event);
}

/// Records that `qualname` was turned down for `args`, giving the first line of `reason`.
pub(crate) fn record_rejection(config: &JitConfig, qualname: &str, args: &[pynum_jit::types::Type], reason: &str) {
    let reason = reason.lines().next().unwrap_or("").to_owned();
    record(config, JitEvent::Rejected { what: pynum_jit::lir::lower::mangle(qualname, args), reason });
}

/// Every JIT event so far, in order.
pub fn events() -> Vec<JitEvent> {
    EVENTS.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// The `--jit-stats` summary of an interpreter whose counters read `stats`, for a run
/// that took `total` so far. Tier-2 compiles run on their own thread (unless
/// synchronous), so their time is not part of the main thread's.
pub fn stats_summary(stats: &JitStats, total: std::time::Duration) -> String {
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
    let (compile_ms, native_ms, total_ms) = (ms(stats.compile_time), ms(stats.native_time), ms(total));
    let tier2_native_ms = ms(stats.tier2_native_time);
    let mut summary = format!(
        "pynum-jit stats: {} specializations compiled in {compile_ms:.3} ms, {} rejected, {} deoptimizations\n\
         pynum-jit stats: {total_ms:.1} ms in all: {native_ms:.1} ms in native code ({} calls), {:.1} ms compiling, {:.1} ms in the interpreter and start-up\n\
         pynum-jit stats: native code by tier: tier 1 {:.1} ms ({} calls), tier 2 {tier2_native_ms:.1} ms ({} calls)",
        stats.compiled,
        stats.rejected,
        stats.deoptimizations,
        stats.native_calls,
        compile_ms,
        (total_ms - native_ms - compile_ms).max(0.0),
        native_ms - tier2_native_ms,
        stats.native_calls - stats.tier2_native_calls,
        stats.tier2_native_calls,
    );
    if stats.tier2_compiled > 0 {
        summary.push_str(&format!(
            "\npynum-jit stats: tier 2: {} recompiled in {:.3} ms (off the main thread unless PYNUM_SYNC_COMPILE), longest main-thread pause {:.3} ms",
            stats.tier2_compiled,
            ms(stats.tier2_compile_time),
            ms(stats.longest_tier2_pause),
        ));
    }
    summary
}
