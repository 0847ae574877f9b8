//! The tier policy and the JIT's configuration: when automatic mode compiles a function
//! or a lifted loop, when a running loop moves into native code, when a specialization
//! that keeps deoptimizing is dropped, and which dumps and logs the compiler writes.
//!
//! Tiers (PyPy's `warmstate.py` is the model: hotness counters and thresholds live here
//! alone): tier 0 is the interpreter, tier 1 Cranelift (compiled when a region first gets
//! hot, in well under a millisecond), tier 2 LLVM (`default<O3>`, tens of milliseconds,
//! compiled in the background from the same LIR once a tier-1 specialization is due,
//! [`JitConfig::tier2_promotion`], and swapped in for the next call).
//!
//! The default policy weighs measured time as well as counts (a compile is worth making
//! once what it replaces has cost more than it will: [`COMPILE_PAYBACK`],
//! [`TIER2_NATIVE_TIME`]); an explicit `PYNUM_JIT_THRESHOLD` and
//! `PYNUM_PREDICTABLE=1` decide by counts alone, the same on every run and machine.
//!
//! One [`JitConfig`] value per interpreter, passed explicitly: the command line builds
//! it from its flags and `PYNUM_*` variables ([`JitConfig::from_env`]), an embedding
//! application from its builder, and two interpreters in one process may differ. The VM
//! asks the policy questions here; it holds no thresholds of its own.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::events::JitEvent;

/// Calls before a loop-free function is compiled in automatic mode under a policy that
/// counts (`PYNUM_PREDICTABLE=1`); one that weighs time compiles it once its interpreted
/// calls have paid for the compile instead ([`COMPILE_PAYBACK`]), after two calls at the
/// least.
pub const DEFAULT_CALL_THRESHOLD: u64 = 8;

/// Interpreted iterations, counted over all its entries, after which a loop with an
/// on-stack copy moves into native code at its header; later entries then start there.
/// Fewer iterations cost less in the interpreter than compiling them (0.3 to 4 ms
/// here): a loop of 10 iterations in a function called 5 times took 50 us interpreted
/// and 0.5 ms to compile when its second entry compiled it (78_random_loops.py compiled
/// 58 regions for 0.1 ms of native code). PyPy's loop threshold is of the same order
/// (1039).
pub const DEFAULT_OSR_ITERATIONS: u64 = 1000;

/// The entry count of a lifted loop with an on-stack copy that entries alone never
/// reach: it compiles when its iterations make it hot ([`DEFAULT_OSR_ITERATIONS`]), and
/// on-stack replacement raises its count to this so that later entries with other
/// argument types compile at once.
pub const ONLY_WHEN_HOT: u64 = u64::MAX / 2;

/// Completed tier-1 calls of a loop-free specialization before LLVM recompiles it.
/// Measured (ARCHITECTURE.md, issue 17): a tier-2 compile costs 10 to 80 ms of the
/// background thread (the first also loads LLVM, about 25 ms), while a loop-free
/// function's native body is a few nanoseconds to a microsecond of a call that costs the
/// dispatcher about a microsecond either way: it takes thousands of calls before tier 2
/// can give back what it costs. PyPy's function threshold is of the same order (1619).
pub const DEFAULT_TIER2_CALLS: u64 = 1000;

/// Completed tier-1 runs of a specialization with a loop (a function with a loop, a
/// lifted loop) before LLVM recompiles it: a loop that runs again is where tier 2 pays
/// (sum_squares' loop: 89 ms at tier 1, 53 ms at tier 2), and the compile happens off
/// the main thread.
pub const DEFAULT_TIER2_LOOP_CALLS: u64 = 2;

/// Native time a specialization must also have spent at tier 1 before LLVM recompiles
/// it, when the policy weighs time ([`JitConfig::weighs_compile_time`]). The first
/// tier-2 compile loads LLVM (about 25 ms and 60 MB) and each costs 10 to 80 ms of the
/// other core: tests/py's programs whose loops ran a fraction of a millisecond natively
/// took 2 to 10 ms longer with tier 2 than with `--tier=1` (227_dicts: 61 ms against
/// 50), for nothing. A loop that has run 10 ms natively is likely to run as long again,
/// which the compile on the other core then shortens. Loop-free functions wait for it
/// too: called from the interpreter a million times, a function of a few float and int
/// operations ran 37 ns a call natively at either tier (LLVM gained nothing on a body
/// that short), while promoting it after 1,000 calls loaded LLVM for 31 ms of the other
/// core; 231_string_constants_identity.py took 2.3 times the CPU time of `--no-jit`.
pub const TIER2_NATIVE_TIME: Duration = Duration::from_millis(10);

/// Tier-1 time one call, still running, must have spent on its own before it asks for
/// tier 2 when fewer calls than the promotion's count have started (on-stack replacement
/// between tiers moves it once the code is there): about what the first tier-2 compile
/// costs in all. LLVM's compile of a loop takes 30 to 60 ms beside the call, loading
/// LLVM about 25 ms the first time, and a process that exits while LLVM is loaded or
/// compiling takes about 10 ms longer to end. With the request at 10 ms, the single-call
/// kernels of ../shared/bench/auto ran 6-30% longer than at `--tier=1` (median of 10
/// interleaved runs: sieve 194 ms against 150, sum_squares 77 against 71), since their
/// loops ended about when the code arrived; at 50 ms collatz (a 75 ms loop) still ran 4%
/// longer. A call that has run 100 ms is likely to run that long again.
pub const TIER2_RUNNING_CALL_TIME: Duration = Duration::from_millis(100);

/// [`TIER2_NATIVE_TIME`] when the code cache is in use (the command line's default): a
/// region must have run this long at tier 1 before this run compiles it with LLVM. One
/// that ran less hands its LIR to the process that fills the cache at exit, and the next
/// run starts with its tier-2 code: compiled in the run, its code would arrive about when
/// the program ends (loading LLVM and compiling take 50 to 130 ms beside it, and a
/// process that exits while LLVM is loaded ends about 10 ms later). mixed_report, whose
/// loop runs 3 calls of about 14 ms, asked for tier 2 at its second call and took 61 ms
/// on its first run against 50 ms at `--tier=1`.
pub const TIER2_NATIVE_TIME_WITH_CODE_CACHE: Duration = TIER2_RUNNING_CALL_TIME;

/// Tier-1 native time after which a region the code cache had no tier-2 code for, and
/// that did not reach tier 2 in the run, leaves its LIR to the process that fills the
/// cache at exit. Handing it over costs the run about 1 ms once (writing the LIR,
/// starting the process); the next runs load LLVM's code instead of compiling with
/// Cranelift. spectral_norm's one call ran 7.1 ms at tier 1 after a 3.0 ms compile, and
/// 2.5 ms at tier 2 after a 1.5 ms load from the cache: at the 10 ms of
/// [`TIER2_NATIVE_TIME`] (the bound before) it never got its tier-2 code. A region that
/// ran 2 ms natively ran tens of milliseconds' worth of the interpreter's work, so the
/// handover cannot make the run slower than `--no-jit`, and it gains more than the
/// millisecond in each later run.
pub const CODE_CACHE_FILL_TIME: Duration = Duration::from_millis(2);

/// A function that does not compile at its first call compiles, when the policy weighs
/// time, once its interpreted calls (two at the least) have taken this many times what a
/// compile is expected to take (the ski-rental rule: whatever the
/// program does next, the compile costs at most half of what the function had already
/// cost). After 8 calls alone, tests/py's tuple program compiled 11 loop-free functions at 0.2 to 0.4
/// ms each whose calls took microseconds: 7.7 ms of compiles for 0.1 ms of native code,
/// 1.5x the time of `--no-jit`.
pub const COMPILE_PAYBACK: u32 = 2;

/// Under the policy that weighs time ([`JitConfig::weighs_compile_time`]), a function
/// with no loop, fewer bytecode instructions than this and no call of a Python function
/// (which may be its own recursion) runs in the interpreter whenever the interpreter
/// calls it; its dispatcher only lets compiled callers take it in (`compiled_functions::register` in the VM). Entering native code
/// from the interpreter costs about 0.4 us a call more than the interpreter's own call
/// (the arguments' types, boxing, guards, and the `CALL_PY_EXACT_ARGS` path a registered
/// function loses), which a short body never wins back: `((x * 3 + 1) * x - 7) * x + 2`
/// (14 instructions) took 1.45 us a call natively against 0.9-1.0 us interpreted, and a
/// body of 13 float operations (28 instructions) broke even.
pub const CALLEE_ONLY_INSTRUCTIONS: usize = 24;

/// A warming call of a function (not yet worth compiling) whose last two timed calls each
/// took less than this in the interpreter, and whose arguments are small, runs the
/// function as written instead of automatic mode's copy with its lifted loops, whose
/// entries cost the interpreter more than a short loop does (`plain_calls.rs` in the VM).
/// A loop moves into native code in the middle of a call only once it has run for about
/// a compile's worth of interpreted time (a millisecond or more), which a call of this
/// length never reaches.
pub const SHORT_CALL: Duration = Duration::from_micros(100);

/// A deferrable lifted loop (`looplift::LoopStart::Deferrable`: a `for` loop that
/// compiled at its first entry) waits, under a policy that weighs time, until its
/// interpreted runs have paid for a compile ([`COMPILE_PAYBACK`]), unless an entry's
/// inputs are this big or bigger: an int argument of this magnitude, a list, tuple,
/// dict, set, str or bytes argument of this length, or the same among the int constants
/// and globals its code reads. Such a loop's iterations are bounded by what it iterates
/// over, and the loops in its interpreted copy compile on their own, so an entry with
/// small inputs costs the interpreter little; one with big inputs compiles at once (a
/// sieve's `for i in range(2, n)` with `n` of 10**7).
///
/// The size is where one interpreted run is expected to cost what the smallest compile
/// does: [`COMPILE_FIXED_ESTIMATE`] over [`INTERPRETED_ITERATION_ESTIMATE`], about 4,000
/// items. At 100 (the limit before), tests/py/238's `floor_all(list(range(3000)), 7)`
/// compiled the function and its loop at the first call (1.8 ms, on the main thread) for
/// a loop the interpreter runs in 0.35 ms; at 100 items or fewer, tests/py's programs
/// had compiled 5 to 20 loops and functions at their first entry, 3 to 12 ms in runs of
/// 25 to 40 ms.
pub const DEFERRAL_SIZE_LIMIT: u64 =
    (COMPILE_FIXED_ESTIMATE.as_nanos() / INTERPRETED_ITERATION_ESTIMATE.as_nanos()) as u64;

/// What one iteration of a small loop body costs the interpreter: `for x in xs: t += x
/// // d`, `for i in range(n): s += i * i % 7` and a five-line float body with a branch
/// ran 116, 123 and 158 ns an item under `--no-jit` (this project's 2-core VM).
pub const INTERPRETED_ITERATION_ESTIMATE: Duration = Duration::from_nanos(120);

/// A deferrable loop that has paid for its compile while a region around it is being
/// timed toward its own (an outer loop's interpreted run, a function's interpreted call)
/// waits until it has paid this many times over: the outer region compiles at its next
/// entry with this loop inside it, one compile instead of one per level. tests/py's
/// 220_nested_lists.py compiled its innermost loop (2.8 ms), then the loop around it
/// (7.3 ms), then the outermost (14.4 ms). Only while the region's current run has not
/// yet paid for its own compile: a longer run would compile now if it could, but cannot
/// before its next entry (mandelbrot's outer loop, entered once, held its inner loop in
/// the interpreter for 43 ms).
pub const ENCLOSED_PAYBACK_FACTOR: u32 = 8;

/// The expected time of a tier-1 compile of code of `n` bytecode instructions is
/// [`COMPILE_FIXED_ESTIMATE`] plus `n` times [`COMPILE_PER_INSTRUCTION_ESTIMATE`],
/// scaled by how this interpreter's compiles so far compared with that (the machine's
/// speed). A least-squares fit over the 173 compiles of tests/py's programs: a compile
/// costs about 0.5 ms whatever its size (analysis, Cranelift's set-up, mapping the code)
/// and 6 us more per instruction of the code object (inlined callees included on
/// average): from 0.5 ms for a 20-instruction loop to 3 ms for 430 instructions. One
/// mean for every compile (the estimate before) expected 1 ms of the 3 ms a
/// 200-instruction method took, and compiled it after 2 ms of interpreted calls.
pub const COMPILE_FIXED_ESTIMATE: Duration = Duration::from_micros(500);
pub const COMPILE_PER_INSTRUCTION_ESTIMATE: Duration = Duration::from_micros(6);

/// Calls a lifted loop answers "not run" for argument types typing turned down, with
/// nothing compiled for any types, before it stops deriving its arguments' types and
/// answers at once (its loop then costs the interpreter one call more). A loop first
/// reached with other types (an empty list, a list that contains itself) still compiles
/// when good ones come within these calls; a method called a million times with objects
/// typing turns down stops paying for the derivation (about 1 us a call) after them.
pub const LIFTED_LOOP_REJECTED_CALLS: u32 = 64;

/// A specialization that copies containers in is dropped in automatic mode once, over at
/// least [`COPYING_CALLS`] calls, copying its arguments in and writing them back took
/// this many times its native code's time: the interpreter, which copies nothing, is then
/// faster (it runs such code 10 to 30 times slower than native code). A lookup table of
/// 200,000 entries passed to `def f(t, k): return t[k] + 1` took 9 ms a call to copy
/// against 0.5 us interpreted: 2,000 calls ran 18.7 s with the JIT and 1 ms without.
pub const COPYING_DOMINATES: u64 = 32;

/// Calls with copies before [`COPYING_DOMINATES`] is judged.
pub const COPYING_CALLS: u64 = 3;

/// A single call suffices when its copying took at least [`COPYING_AT_ONCE_MIN`] and
/// this many times its native code's time: waiting for [`COPYING_CALLS`] calls only
/// guards against a first call's page faults and cold caches, which do not make a
/// thousandfold difference. A 200,000-entry dict handed to a function, to its lifted
/// loop and to the loop's callers copied in 3 times each (about 15 ms a copy) before
/// each was dropped.
pub const COPYING_DOMINATES_AT_ONCE: u64 = COPYING_DOMINATES * COPYING_DOMINATES;
pub const COPYING_AT_ONCE_MIN: Duration = Duration::from_millis(1);

/// A specialization is dropped (its argument types then stay interpreted) once it has
/// deoptimized this many times and on more than a quarter of its calls: one that fails
/// now and then on rare inputs keeps serving the others.
pub const MAX_DEOPTS: u32 = 8;

/// The code generator of tier-1 compiles. `PYNUM_BACKEND=llvm` compiles every
/// specialization with LLVM at once (no Cranelift step), to test LLVM differentially.
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
    /// `--dump-lir`, `--dump-clif`, `--dump-optimized`, `--dump-asm` (both tiers),
    /// `--dump-llvm` (tier 2's LLVM IR before its optimizer), `--dump-llvm-opt` (after).
    pub dump_lir: bool,
    pub dump_clif: bool,
    pub dump_optimized: bool,
    pub dump_asm: bool,
    pub dump_llvm: bool,
    pub dump_llvm_opt: bool,
    /// Where the interpreter's JIT events go as they happen (an embedding application's
    /// log), besides `--jit-log`'s stderr.
    pub event_sink: Option<EventSink>,
    /// The interpreter's JIT counters, shared by every clone of this value.
    pub counters: Arc<JitCounters>,
    /// `PYNUM_BACKEND`: the code generator.
    pub backend: BackendChoice,
    /// `--tier=N`, `PYNUM_TIER`: the highest tier automatic mode and `@njit` code reach
    /// (tier 0 is `automatic: false`).
    pub max_tier: Tier,
    /// `PYNUM_SYNC_COMPILE=1`: tier-2 compiles happen on the thread that asks for them,
    /// before its call runs (deterministic tests), instead of in the background.
    pub sync_compile: bool,
    /// `PYNUM_PREDICTABLE=1`: policy decisions follow counts alone, never measured time
    /// (the copy-cost rule, [`COPYING_DOMINATES`], is off), so that what compiles is the
    /// same on every run and every machine: the test suite's table of what each program
    /// compiles needs that, and a loaded machine must not change it.
    pub predictable: bool,
    /// Tier-2 code is kept between runs and a later run of the same code starts with it
    /// (`pynum_llvm_loader::code_cache`): on for the command line unless
    /// `PYNUM_CODE_CACHE=0`, off by default for an embedding application.
    pub code_cache: bool,
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
            dump_llvm: false,
            dump_llvm_opt: false,
            event_sink: None,
            counters: Arc::default(),
            backend: BackendChoice::Cranelift,
            max_tier: Tier::Optimizing,
            sync_compile: false,
            predictable: false,
            code_cache: false,
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
    /// Tier-1 compiles' time and what [`expected_compile_time`] expected of them.
    measured_compile_nanos: AtomicU64,
    expected_compile_nanos: AtomicU64,
    /// Tier-2 compiles and their time (on the background thread, unless synchronous).
    tier2_compiled: AtomicU64,
    tier2_compile_nanos: AtomicU64,
    /// Native calls and their time, by tier (index 0: tier 1, 1: tier 2).
    native_calls: [AtomicU64; 2],
    native_nanos: [AtomicU64; 2],
    /// The longest the main thread spent asking for a tier-2 compile or swapping one in.
    longest_tier2_pause_nanos: AtomicU64,
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
        let nanos = (event.compile_milliseconds() * 1e6) as u64;
        if let JitEvent::Compiled { tier: 2, note: Some(note), .. } = event {
            if note.starts_with(TIER2_NOTE) {
                self.tier2_compiled.fetch_add(1, Ordering::Relaxed);
                self.tier2_compile_nanos.fetch_add(nanos, Ordering::Relaxed);
                return;
            }
        }
        counter.fetch_add(1, Ordering::Relaxed);
        self.compile_nanos.fetch_add(nanos, Ordering::Relaxed);
    }

    /// Counts one native call that took `elapsed` in code of `tier` (timed only when
    /// `time_native` is set).
    pub fn count_native_call(&self, elapsed: Duration, tier: u8) {
        self.native_calls[usize::from(tier >= 2)].fetch_add(1, Ordering::Relaxed);
        self.count_native_time(elapsed, tier);
    }

    /// Native time at `tier` without a call of its own: the part of a call that moved
    /// up a tier mid-loop after it began (counted as a call where it began).
    pub fn count_native_time(&self, elapsed: Duration, tier: u8) {
        self.native_nanos[usize::from(tier >= 2)].fetch_add(elapsed.as_nanos() as u64, Ordering::Relaxed);
    }

    /// Counts a tier-1 compile of code of `instructions` bytecode instructions that took
    /// `elapsed`, toward the machine's speed in [`JitCounters::expected_compile_time`].
    pub fn count_compile_cost(&self, instructions: u64, elapsed: Duration) {
        self.measured_compile_nanos.fetch_add(elapsed.as_nanos() as u64, Ordering::Relaxed);
        self.expected_compile_nanos.fetch_add(expected_compile_time(instructions).as_nanos() as u64, Ordering::Relaxed);
    }

    /// The expected time of a tier-1 compile of code of `instructions` bytecode
    /// instructions on this machine: [`expected_compile_time`], scaled by how long the
    /// compiles counted so far took against what it expected of them (clamped to a
    /// tenth to ten times, so one outlier cannot stop or force every compile).
    pub fn expected_compile_time(&self, instructions: u64) -> Duration {
        let expected = expected_compile_time(instructions);
        let (measured, predicted) =
            (self.measured_compile_nanos.load(Ordering::Relaxed), self.expected_compile_nanos.load(Ordering::Relaxed));
        if predicted == 0 {
            return expected;
        }
        expected.mul_f64((measured as f64 / predicted as f64).clamp(0.1, 10.0))
    }

    /// Counts a pause of the main thread caused by tier 2 (a request or a swap).
    pub fn count_tier2_pause(&self, elapsed: Duration) {
        self.longest_tier2_pause_nanos.fetch_max(elapsed.as_nanos() as u64, Ordering::Relaxed);
    }

    pub fn snapshot(&self) -> JitStats {
        let read = |counter: &AtomicU64| counter.load(Ordering::Relaxed);
        JitStats {
            compiled: read(&self.compiled),
            rejected: read(&self.rejected),
            deoptimizations: read(&self.deoptimizations),
            compile_time: Duration::from_nanos(read(&self.compile_nanos)),
            native_calls: read(&self.native_calls[0]) + read(&self.native_calls[1]),
            native_time: Duration::from_nanos(read(&self.native_nanos[0]) + read(&self.native_nanos[1])),
            tier2_compiled: read(&self.tier2_compiled),
            tier2_compile_time: Duration::from_nanos(read(&self.tier2_compile_nanos)),
            tier2_native_calls: read(&self.native_calls[1]),
            tier2_native_time: Duration::from_nanos(read(&self.native_nanos[1])),
            longest_tier2_pause: Duration::from_nanos(read(&self.longest_tier2_pause_nanos)),
        }
    }
}

/// What one interpreter's JIT has done so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct JitStats {
    /// Specializations compiled (functions and lifted loops), tier-2 recompiles not
    /// included (`tier2_compiled`).
    pub compiled: u64,
    /// Regions that were tried and stay interpreted.
    pub rejected: u64,
    /// Native calls that handed control back to the interpreter.
    pub deoptimizations: u64,
    pub compile_time: Duration,
    /// Native calls timed, and their time (counted only with `time_native` on).
    pub native_calls: u64,
    pub native_time: Duration,
    /// Tier-2 recompiles of tier-1 specializations, and their time.
    pub tier2_compiled: u64,
    pub tier2_compile_time: Duration,
    /// The part of `native_calls` and `native_time` spent in tier-2 code.
    pub tier2_native_calls: u64,
    pub tier2_native_time: Duration,
    /// The longest the main thread paused to ask for a tier-2 compile or swap one in.
    pub longest_tier2_pause: Duration,
}

/// The note of a [`JitEvent::Compiled`] that recompiled a tier-1 specialization at tier 2
/// (a compile with `PYNUM_BACKEND=llvm` goes to LLVM at once and has no such note).
pub const TIER2_NOTE: &str = "recompiled from tier 1";

/// When a tier-1 specialization is recompiled at tier 2: after `calls` calls, once they
/// have also spent `native_time` in its tier-1 code, as timed on one call in
/// `timing_sample` (each timed call counting for that many).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Promotion {
    pub calls: u64,
    pub native_time: Duration,
    pub timing_sample: u64,
}

/// A loop-free specialization's calls are timed toward [`TIER2_NATIVE_TIME`] one in this
/// many: reading the clock around every call would add about 40 ns to calls whose
/// native body takes tens of nanoseconds and whose dispatch about a microsecond.
pub const LOOP_FREE_TIMING_SAMPLE: u64 = 64;

impl Promotion {
    /// Whether a call still running its tier-1 code is due for tier 2, with `calls`
    /// calls started (this one included), `earlier` tier-1 time of the calls that ended
    /// and `running` of this one: as at a call ([`Promotion::calls`] and
    /// [`Promotion::native_time`]), or, under a policy that weighs time, once this call
    /// alone has run [`TIER2_RUNNING_CALL_TIME`].
    pub fn due_mid_call(&self, calls: u64, earlier: Duration, running: Duration) -> bool {
        let as_at_a_call = calls >= self.calls && earlier + running >= self.native_time;
        let one_long_call = !self.native_time.is_zero() && running >= TIER2_RUNNING_CALL_TIME;
        as_at_a_call || one_long_call
    }
}

/// The highest tier automatic mode compiles to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tier {
    /// Everything runs in the interpreter (`@njit` still compiles, as Numba's does).
    Interpreter,
    /// Cranelift's native code.
    Baseline,
    /// LLVM's recompilation of what stays hot at tier 1.
    Optimizing,
}

impl Tier {
    /// `0`, `1` or `2`, as `--tier` and `PYNUM_TIER` write it.
    pub fn from_number(text: &str) -> Option<Tier> {
        match text.trim() {
            "0" => Some(Tier::Interpreter),
            "1" => Some(Tier::Baseline),
            "2" => Some(Tier::Optimizing),
            _ => None,
        }
    }
}

/// The expected time of a tier-1 compile of code of `instructions` bytecode
/// instructions, before any compile has shown the machine's speed.
pub fn expected_compile_time(instructions: u64) -> Duration {
    COMPILE_FIXED_ESTIMATE + COMPILE_PER_INSTRUCTION_ESTIMATE * u32::try_from(instructions).unwrap_or(u32::MAX)
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
        let config = JitConfig {
            automatic: std::env::var_os("PYNUM_JIT").is_none_or(|v| v != "0"),
            threshold: std::env::var("PYNUM_JIT_THRESHOLD").ok().and_then(|v| v.trim().parse().ok()),
            log: set("PYNUM_JIT_LOG"),
            time_native: set("PYNUM_JIT_STATS"),
            dump_lir: set("PYNUM_DUMP_LIR"),
            dump_clif: set("PYNUM_DUMP_CLIF"),
            dump_optimized: set("PYNUM_DUMP_OPTIMIZED"),
            dump_asm: set("PYNUM_DUMP_ASM"),
            dump_llvm: set("PYNUM_DUMP_LLVM"),
            dump_llvm_opt: set("PYNUM_DUMP_LLVM_OPT"),
            backend: BackendChoice::from_env(),
            max_tier: std::env::var("PYNUM_TIER").ok().and_then(|t| Tier::from_number(&t)).unwrap_or(Tier::Optimizing),
            sync_compile: set("PYNUM_SYNC_COMPILE"),
            predictable: set("PYNUM_PREDICTABLE"),
            code_cache: std::env::var_os("PYNUM_CODE_CACHE").is_none_or(|v| v != "0"),
            ..JitConfig::default()
        };
        let tier = config.max_tier;
        config.capped_at(tier)
    }

    /// These settings with the highest tier `tier` (tier 0 turns automatic mode off).
    pub fn capped_at(mut self, tier: Tier) -> JitConfig {
        self.max_tier = tier;
        if tier == Tier::Interpreter {
            self.automatic = false;
        }
        self
    }

    /// Completed tier-1 calls of a specialization before it is recompiled at tier 2
    /// (`None`: never, under a tier cap below 2 or when tier 1 already is LLVM).
    /// `PYNUM_JIT_THRESHOLD` sets it too; 0 recompiles before the first call runs.
    pub fn tier2_calls(&self, has_loop: bool) -> Option<u64> {
        if self.max_tier < Tier::Optimizing || self.backend == BackendChoice::Llvm {
            return None;
        }
        Some(match self.threshold {
            Some(threshold) => threshold,
            None if has_loop => DEFAULT_TIER2_LOOP_CALLS,
            None => DEFAULT_TIER2_CALLS,
        })
    }

    /// What it takes before a tier-1 specialization is recompiled at tier 2 (`None`:
    /// never): [`JitConfig::tier2_calls`], and with a loop, when the policy weighs time,
    /// [`TIER2_NATIVE_TIME`] of tier-1 native time as well.
    pub fn tier2_promotion(&self, has_loop: bool) -> Option<Promotion> {
        let calls = self.tier2_calls(has_loop)?;
        let native_time = match (self.weighs_compile_time(), self.code_cache) {
            (false, _) => Duration::ZERO,
            (true, false) => TIER2_NATIVE_TIME,
            (true, true) => TIER2_NATIVE_TIME_WITH_CODE_CACHE,
        };
        let timing_sample = if has_loop { 1 } else { LOOP_FREE_TIMING_SAMPLE };
        Some(Promotion { calls, native_time, timing_sample })
    }

    /// Whether compile decisions weigh measured time as well as counts: under the default
    /// policy only (not under [`JitConfig::predictable`] nor an explicit
    /// `PYNUM_JIT_THRESHOLD`, whose counts alone must decide).
    pub fn weighs_compile_time(&self) -> bool {
        self.automatic && !self.predictable && self.threshold.is_none()
    }

    /// The interpreted time code of `instructions` bytecode instructions must have taken
    /// before it compiles ([`COMPILE_PAYBACK`] expected compiles of it), or zero when the
    /// policy does not weigh time.
    pub fn interpreted_time_before_compiling(&self, instructions: u64) -> Duration {
        if !self.weighs_compile_time() {
            return Duration::ZERO;
        }
        self.counters.expected_compile_time(instructions) * COMPILE_PAYBACK
    }

    /// Calls of a whole function before it compiles: at its first call when it has a loop
    /// that does not start cold (lifted without an on-stack copy, which compiles at its
    /// first entry anyway, or not lifted, which only the whole function runs natively;
    /// the loop is where the time goes), otherwise after [`DEFAULT_CALL_THRESHOLD`] calls
    /// (its loops move into native code on their own once they are hot).
    pub fn function_threshold(&self, has_loop_without_osr: bool) -> u64 {
        match self.threshold {
            Some(threshold) => threshold,
            None if has_loop_without_osr => 0,
            None => DEFAULT_CALL_THRESHOLD,
        }
    }

    /// Calls before a function whose loops wait for their inputs (lifted, some without
    /// an on-stack copy, each compiling at its own entries; or left as written over its
    /// inputs) compiles as a whole: like a function whose loops all start cold when the
    /// policy weighs time (a call with big inputs compiles it at once), otherwise at its
    /// first call.
    pub fn lifted_function_threshold(&self) -> u64 {
        if self.weighs_compile_time() {
            self.function_threshold(false)
        } else {
            self.function_threshold(true)
        }
    }

    /// Whether a deferrable lifted loop may leave entries with small inputs to the
    /// interpreter ([`DEFERRAL_SIZE_LIMIT`]).
    pub fn defers_small_loops(&self) -> bool {
        self.weighs_compile_time()
    }

    /// Entries of a lifted loop without an on-stack copy before it compiles.
    pub fn lifted_loop_threshold(&self) -> u64 {
        self.threshold.unwrap_or(0)
    }

    /// Entries of a lifted loop with an on-stack copy before it compiles at its entry
    /// ([`ONLY_WHEN_HOT`] under the default policy).
    pub fn lifted_osr_loop_threshold(&self) -> u64 {
        self.threshold.unwrap_or(ONLY_WHEN_HOT)
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

    /// Whether automatic mode weighs the time copying containers in and out takes
    /// against native time (off under [`JitConfig::predictable`]).
    pub fn weighs_copying(&self) -> bool {
        self.automatic && !self.predictable
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
    fn default_policy_compiles_what_got_hot() {
        let config = JitConfig::default();
        assert_eq!(config.function_threshold(true), 0);
        assert_eq!(config.function_threshold(false), DEFAULT_CALL_THRESHOLD);
        assert_eq!(config.osr_iterations(), DEFAULT_OSR_ITERATIONS);
        assert_eq!(config.lifted_osr_loop_threshold(), ONLY_WHEN_HOT);
        assert_eq!(config.lifted_loop_threshold(), 0);
        assert!(config.loops_start_cold());
    }

    #[test]
    fn an_explicit_threshold_applies_to_functions_loops_and_iterations() {
        let config = JitConfig { threshold: Some(2), ..JitConfig::default() };
        assert_eq!(config.function_threshold(true), 2);
        assert_eq!(config.function_threshold(false), 2);
        assert_eq!(config.lifted_osr_loop_threshold(), 2);
        assert_eq!(config.osr_iterations(), 2);
        let eager = JitConfig { threshold: Some(0), ..JitConfig::default() };
        assert!(!eager.loops_start_cold());
        assert_eq!(eager.osr_iterations(), DEFAULT_OSR_ITERATIONS);
    }

    #[test]
    fn a_running_call_is_due_as_at_a_call_or_when_it_alone_ran_long() {
        let ms = Duration::from_millis;
        let timed = Promotion { calls: 2, native_time: TIER2_NATIVE_TIME, timing_sample: 1 };
        assert!(!timed.due_mid_call(1, ms(0), ms(20)), "one call of 20 ms");
        assert!(timed.due_mid_call(1, ms(0), TIER2_RUNNING_CALL_TIME), "one long call");
        assert!(timed.due_mid_call(2, ms(6), ms(4)), "the second call reaches 10 ms in all");
        assert!(!timed.due_mid_call(2, ms(3), ms(4)));
        let counted = Promotion { calls: 1, native_time: Duration::ZERO, timing_sample: 1 };
        assert!(counted.due_mid_call(1, ms(0), ms(0)));
        assert!(!counted.due_mid_call(0, ms(0), ms(100)), "counts alone decide");
    }

    #[test]
    fn tier_two_follows_the_cap_and_the_threshold() {
        let config = JitConfig::default();
        assert_eq!(config.tier2_calls(false), Some(DEFAULT_TIER2_CALLS));
        assert_eq!(config.tier2_calls(true), Some(DEFAULT_TIER2_LOOP_CALLS));
        let capped = JitConfig { max_tier: Tier::Baseline, ..JitConfig::default() };
        assert_eq!(capped.tier2_calls(true), None);
        let eager = JitConfig { threshold: Some(0), ..JitConfig::default() };
        assert_eq!(eager.tier2_calls(false), Some(0));
        let llvm_only = JitConfig { backend: BackendChoice::Llvm, ..JitConfig::default() };
        assert_eq!(llvm_only.tier2_calls(true), None);
        assert_eq!(Tier::from_number("2"), Some(Tier::Optimizing));
        assert_eq!(Tier::from_number("3"), None);
    }

    #[test]
    fn only_the_default_policy_weighs_time() {
        let config = JitConfig::default();
        assert!(config.weighs_compile_time());
        let small = expected_compile_time(20);
        assert_eq!(config.interpreted_time_before_compiling(20), small * COMPILE_PAYBACK);
        assert!(
            config.interpreted_time_before_compiling(400) > small * COMPILE_PAYBACK * 4,
            "bigger code waits longer"
        );
        let loop_promotion = config.tier2_promotion(true).unwrap();
        assert_eq!(
            loop_promotion,
            Promotion { calls: DEFAULT_TIER2_LOOP_CALLS, native_time: TIER2_NATIVE_TIME, timing_sample: 1 }
        );
        let loop_free = config.tier2_promotion(false).unwrap();
        assert_eq!((loop_free.native_time, loop_free.timing_sample), (TIER2_NATIVE_TIME, LOOP_FREE_TIMING_SAMPLE));
        // With the code cache, a region below that time leaves tier 2 to the next run.
        let cached = JitConfig { code_cache: true, ..config.clone() };
        assert_eq!(cached.tier2_promotion(true).unwrap().native_time, TIER2_NATIVE_TIME_WITH_CODE_CACHE);
        // The estimate follows this machine's speed, from the compiles it made: here
        // twice what the fit expects.
        config.counters.count_compile_cost(20, small * 3);
        config.counters.count_compile_cost(100, expected_compile_time(100));
        let slower =
            (small * 3 + expected_compile_time(100)).as_secs_f64() / (small + expected_compile_time(100)).as_secs_f64();
        let estimate = config.interpreted_time_before_compiling(20).as_secs_f64();
        assert!((estimate - (small * COMPILE_PAYBACK).as_secs_f64() * slower).abs() < 1e-9, "{estimate}");
        assert!(config.defers_small_loops());
        assert_eq!(config.lifted_function_threshold(), DEFAULT_CALL_THRESHOLD);
        for counted_only in [
            JitConfig { predictable: true, ..JitConfig::default() },
            JitConfig { threshold: Some(8), ..JitConfig::default() },
        ] {
            assert!(!counted_only.weighs_compile_time());
            assert_eq!(counted_only.interpreted_time_before_compiling(20), Duration::ZERO);
            assert_eq!(counted_only.tier2_promotion(true).unwrap().native_time, Duration::ZERO);
            assert!(!counted_only.defers_small_loops());
            assert_eq!(counted_only.lifted_function_threshold(), counted_only.function_threshold(true));
        }
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
