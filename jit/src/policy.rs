//! The tier policy and the JIT's configuration: when automatic mode compiles a function
//! or a lifted loop, when a running loop moves into native code, when a specialization
//! that keeps deoptimizing is dropped, and which dumps and logs the compiler writes.
//!
//! One [`JitConfig`] value per interpreter, passed explicitly: the command line builds
//! it from its flags and `PYNUM_*` variables ([`JitConfig::from_env`]), an embedding
//! application from its builder, and two interpreters in one process may differ. The VM
//! asks the policy questions here; it holds no thresholds of its own.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::events::JitEvent;

/// Calls before a loop-free function is compiled in automatic mode.
pub const DEFAULT_CALL_THRESHOLD: u64 = 8;

/// Entries after which a lifted loop with an on-stack copy compiles at its entry; until
/// then it runs in the interpreter and moves into native code once it has run
/// [`DEFAULT_OSR_ITERATIONS`] iterations.
pub const DEFAULT_LOOP_ENTRIES: u64 = 1;

/// Interpreted iterations after which a loop moves into native code at its header. A
/// shorter loop costs less in the interpreter than compiling it (0.3 to 4 ms here);
/// PyPy's loop threshold is of the same order (1039).
pub const DEFAULT_OSR_ITERATIONS: u64 = 1000;

/// A specialization is dropped (its argument types then stay interpreted) once it has
/// deoptimized this many times and on more than a quarter of its calls: one that fails
/// now and then on rare inputs keeps serving the others.
pub const MAX_DEOPTS: u32 = 8;

/// The code generator that compiles every specialization. Without a tier policy yet
/// (issue 17), LLVM is chosen for the whole run: `PYNUM_BACKEND=llvm` runs a program
/// through it, to test it differentially.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BackendChoice {
    #[default]
    Cranelift,
    Llvm,
}

impl BackendChoice {
    /// `cranelift` or `llvm`, as `PYNUM_BACKEND` names them.
    pub fn from_name(name: &str) -> Option<BackendChoice> {
        match name.trim() {
            "cranelift" => Some(BackendChoice::Cranelift),
            "llvm" => Some(BackendChoice::Llvm),
            _ => None,
        }
    }

    /// What `PYNUM_BACKEND` asks for; Cranelift when unset or unknown.
    pub fn from_env() -> BackendChoice {
        std::env::var("PYNUM_BACKEND").ok().and_then(|v| BackendChoice::from_name(&v)).unwrap_or_default()
    }
}

/// The JIT's settings for one interpreter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JitConfig {
    /// Automatic mode compiles the program's functions and loops (`--no-jit`,
    /// `PYNUM_JIT=0` turn it off; `@njit` still compiles).
    pub automatic: bool,
    /// `PYNUM_JIT_THRESHOLD`: calls (and loop entries, and interpreted iterations) before
    /// compiling, instead of the default policy; 0 compiles at the first opportunity.
    pub threshold: Option<u64>,
    /// `--jit-log`: one line per JIT event on stderr.
    pub log: bool,
    /// `--jit-stats`: time native calls (two clock reads per call).
    pub time_native: bool,
    /// `--dump-lir`, `--dump-clif`, `--dump-optimized`, `--dump-asm`.
    pub dump_lir: bool,
    pub dump_clif: bool,
    pub dump_optimized: bool,
    pub dump_asm: bool,
    /// Where the interpreter's JIT events go as they happen (an embedding application's
    /// log), besides `--jit-log`'s stderr.
    pub event_sink: Option<EventSink>,
    /// The interpreter's JIT counters, shared by every clone of this value.
    pub counters: Arc<JitCounters>,
    /// `PYNUM_BACKEND`: the code generator.
    pub backend: BackendChoice,
}

impl Default for JitConfig {
    fn default() -> Self {
        JitConfig {
            automatic: true,
            threshold: None,
            log: false,
            time_native: false,
            dump_lir: false,
            dump_clif: false,
            dump_optimized: false,
            dump_asm: false,
            event_sink: None,
            counters: Arc::default(),
            backend: BackendChoice::Cranelift,
        }
    }
}

/// A receiver of one interpreter's JIT events, called on the thread that caused each.
#[derive(Clone)]
pub struct EventSink(Arc<dyn Fn(&JitEvent) + Send + Sync>);

impl EventSink {
    pub fn new(receive: impl Fn(&JitEvent) + Send + Sync + 'static) -> Self {
        EventSink(Arc::new(receive))
    }

    pub fn send(&self, event: &JitEvent) {
        (self.0)(event)
    }
}

impl std::fmt::Debug for EventSink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EventSink")
    }
}

/// Two sinks are equal when they are the same receiver.
impl PartialEq for EventSink {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for EventSink {}

/// One interpreter's running totals of what its JIT did, read as [`JitStats`].
#[derive(Debug, Default)]
pub struct JitCounters {
    compiled: AtomicU64,
    rejected: AtomicU64,
    deoptimizations: AtomicU64,
    compile_nanos: AtomicU64,
    native_calls: AtomicU64,
    native_nanos: AtomicU64,
}

/// Counters are equal when they are the same counters (the totals of one interpreter).
impl PartialEq for JitCounters {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for JitCounters {}

impl JitCounters {
    /// Counts what `event` reports.
    pub fn count(&self, event: &JitEvent) {
        let counter = match event {
            JitEvent::Compiled { .. } => &self.compiled,
            JitEvent::Rejected { .. } => &self.rejected,
            JitEvent::Deoptimized { .. } => &self.deoptimizations,
            _ => return,
        };
        counter.fetch_add(1, Ordering::Relaxed);
        let nanos = (event.compile_milliseconds() * 1e6) as u64;
        self.compile_nanos.fetch_add(nanos, Ordering::Relaxed);
    }

    /// Counts one native call that took `elapsed` (timed only when `time_native` is set).
    pub fn count_native_call(&self, elapsed: Duration) {
        self.native_calls.fetch_add(1, Ordering::Relaxed);
        self.native_nanos.fetch_add(elapsed.as_nanos() as u64, Ordering::Relaxed);
    }

    pub fn snapshot(&self) -> JitStats {
        let read = |counter: &AtomicU64| counter.load(Ordering::Relaxed);
        JitStats {
            compiled: read(&self.compiled),
            rejected: read(&self.rejected),
            deoptimizations: read(&self.deoptimizations),
            compile_time: Duration::from_nanos(read(&self.compile_nanos)),
            native_calls: read(&self.native_calls),
            native_time: Duration::from_nanos(read(&self.native_nanos)),
        }
    }
}

/// What one interpreter's JIT has done so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct JitStats {
    /// Specializations compiled (functions and lifted loops).
    pub compiled: u64,
    /// Regions that were tried and stay interpreted.
    pub rejected: u64,
    /// Native calls that handed control back to the interpreter.
    pub deoptimizations: u64,
    pub compile_time: Duration,
    /// Native calls timed, and their time (counted only with `time_native` on).
    pub native_calls: u64,
    pub native_time: Duration,
}

/// The highest tier automatic mode compiles to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tier {
    /// Everything runs in the interpreter (`@njit` still compiles, as Numba's does).
    Interpreter,
    /// Cranelift's native code. (LLVM's tier 2 is issue 17's.)
    Baseline,
}

/// Whether the compiler checks what each stage made (the LIR verifier, Cranelift's
/// verifier): in debug builds always; in release builds when `PYNUM_VERIFY` is set, as
/// the test suite sets it. A failure is a compiler bug. Release builds skip it by default
/// because it costs as much as a fifth of a compile (Cranelift's verifier: 3.2M of the
/// 8.3M instructions compiling mandelbrot's function took, as Wasmtime measured and
/// decided likewise).
pub fn verify_stages() -> bool {
    static VERIFY: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *VERIFY.get_or_init(|| {
        cfg!(debug_assertions) || std::env::var_os("PYNUM_VERIFY").is_some_and(|v| !v.is_empty() && v != "0")
    })
}

impl JitConfig {
    /// The settings the `PYNUM_*` environment variables ask for, on top of the defaults
    /// (command-line flags are applied by the caller).
    pub fn from_env() -> JitConfig {
        let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0");
        JitConfig {
            automatic: std::env::var_os("PYNUM_JIT").is_none_or(|v| v != "0"),
            threshold: std::env::var("PYNUM_JIT_THRESHOLD").ok().and_then(|v| v.trim().parse().ok()),
            log: set("PYNUM_JIT_LOG"),
            time_native: set("PYNUM_JIT_STATS"),
            dump_lir: set("PYNUM_DUMP_LIR"),
            dump_clif: set("PYNUM_DUMP_CLIF"),
            dump_optimized: set("PYNUM_DUMP_OPTIMIZED"),
            dump_asm: set("PYNUM_DUMP_ASM"),
            backend: BackendChoice::from_env(),
            ..JitConfig::default()
        }
    }

    /// Calls of a whole function before it compiles: with a loop at its first call (the
    /// loop is where the time goes), without one after [`DEFAULT_CALL_THRESHOLD`].
    /// `has_loop` is asked only when no threshold is set: it analyses the function.
    pub fn function_threshold(&self, has_loop: impl FnOnce() -> bool) -> u64 {
        match self.threshold {
            Some(threshold) => threshold,
            None if has_loop() => 0,
            None => DEFAULT_CALL_THRESHOLD,
        }
    }

    /// Entries of a lifted loop without an on-stack copy before it compiles.
    pub fn lifted_loop_threshold(&self) -> u64 {
        self.threshold.unwrap_or(0)
    }

    /// Entries of a lifted loop with an on-stack copy before it compiles at its entry.
    pub fn lifted_osr_loop_threshold(&self) -> u64 {
        self.threshold.unwrap_or(DEFAULT_LOOP_ENTRIES)
    }

    /// Interpreted iterations after which a running loop moves into native code.
    pub fn osr_iterations(&self) -> u64 {
        match self.threshold {
            Some(threshold) if threshold > 0 => threshold,
            _ => DEFAULT_OSR_ITERATIONS,
        }
    }

    /// Whether lifted loops start in the interpreter and move into native code when they
    /// get hot (otherwise they compile at their first entry).
    pub fn loops_start_cold(&self) -> bool {
        self.threshold != Some(0)
    }

    /// Whether a specialization that deoptimized `deopts` times and finished `completions`
    /// calls natively is dropped.
    pub fn drops_after(&self, deopts: u32, completions: u32) -> bool {
        deopts >= MAX_DEOPTS && deopts.saturating_mul(4) > completions
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_policy_compiles_loops_at_once_and_other_functions_when_called_often() {
        let config = JitConfig::default();
        assert_eq!(config.function_threshold(|| true), 0);
        assert_eq!(config.function_threshold(|| false), DEFAULT_CALL_THRESHOLD);
        assert_eq!(config.osr_iterations(), DEFAULT_OSR_ITERATIONS);
        assert!(config.loops_start_cold());
    }

    #[test]
    fn an_explicit_threshold_applies_to_functions_loops_and_iterations() {
        let config = JitConfig { threshold: Some(2), ..JitConfig::default() };
        assert_eq!(config.function_threshold(|| true), 2);
        assert_eq!(config.function_threshold(|| panic!("a set threshold needs no analysis")), 2);
        assert_eq!(config.lifted_osr_loop_threshold(), 2);
        assert_eq!(config.osr_iterations(), 2);
        let eager = JitConfig { threshold: Some(0), ..JitConfig::default() };
        assert!(!eager.loops_start_cold());
        assert_eq!(eager.osr_iterations(), DEFAULT_OSR_ITERATIONS);
    }

    #[test]
    fn backends_by_name() {
        assert_eq!(BackendChoice::from_name("llvm"), Some(BackendChoice::Llvm));
        assert_eq!(BackendChoice::from_name("cranelift"), Some(BackendChoice::Cranelift));
        assert_eq!(BackendChoice::from_name("gcc"), None);
        assert_eq!(JitConfig::default().backend, BackendChoice::Cranelift);
    }

    #[test]
    fn a_specialization_is_dropped_only_when_it_fails_often_and_on_many_calls() {
        let config = JitConfig::default();
        assert!(!config.drops_after(MAX_DEOPTS - 1, 0));
        assert!(config.drops_after(MAX_DEOPTS, 0));
        assert!(!config.drops_after(MAX_DEOPTS, 4 * MAX_DEOPTS));
    }
}
