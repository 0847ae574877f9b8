//! Tier 2: a tier-1 specialization that stays hot is recompiled by LLVM from the same
//! LIR, on a background thread, and swapped in for its next call. The policy (how many
//! calls make a specialization hot, the tier cap, synchronous compiles) is
//! `pynum_jit::policy`'s; this file asks it, queues the compile and installs the result.
//!
//! The swap: a specialization's tier-2 code is a `OnceLock` that the compile thread sets
//! once; every call reads it (one atomic load) and runs whichever code it finds, so a
//! call already running tier-1 code finishes there. Tier-1 code lives as long as its
//! specialization, which every running call holds (`Arc`), so it stays valid while any
//! frame runs it. The main thread never waits for LLVM: a request is a push on a queue
//! (`parking_lot`), and the swap is the store the compile thread makes.
//!
//! Assumes the dispatcher is the only place that installs native code (an ARCHITECTURE
//! invariant), and that a process may fork (`multiprocessing`): a child does not share
//! the parent's compile thread, so it compiles nothing at tier 2.

use std::collections::VecDeque;
use std::sync::atomic::Ordering;
use std::sync::{Arc, OnceLock, Weak};
use std::time::Instant;

use parking_lot::{Condvar, Mutex};
use pynum_jit::backend::Compiled;
use pynum_jit::backend::DumpOptions;
use pynum_jit::driver::{CompileError, CompileOptions};
use pynum_jit::events::JitEvent;
use pynum_jit::lir;
use pynum_jit::policy::{JitConfig, TIER2_NOTE};

use super::compile::{Native, Specialization};
use super::events::record;

/// Whether any function of `module` has a loop (a branch back to an earlier block): such
/// a specialization is promoted after fewer calls (`JitConfig::tier2_promotion`).
pub(super) fn has_loop(module: &lir::Module) -> bool {
    module.functions.iter().any(|f| {
        f.blocks.iter().enumerate().any(|(i, block)| block.terminator.successors().iter().any(|t| t.0 as usize <= i))
    })
}

impl Specialization {
    /// The code a call of this specialization runs now: tier 2 once swapped in, else
    /// tier 1, after counting the call toward promotion (and asking for it when due).
    pub(super) fn code_for_call(self: &Arc<Self>, config: &Arc<JitConfig>) -> &Arc<Native> {
        if self.tier1_pinned.load(Ordering::Relaxed) {
            return &self.code;
        }
        if let Some(tier2) = self.tier2.get() {
            if !self.swap_seen.load(Ordering::Relaxed) {
                self.first_tier2_call(config);
            }
            return tier2;
        }
        if let Some(due) = self.promote_after {
            if self.calls.fetch_add(1, Ordering::Relaxed) >= due.calls
                && self.tier1_time() >= due.native_time
                && !self.promotion.swap(true, Ordering::Relaxed)
            {
                request(self, config);
                // A synchronous compile swapped it in already.
                if let Some(tier2) = self.tier2.get() {
                    self.first_tier2_call(config);
                    return tier2;
                }
            }
        }
        &self.code
    }

    /// Whether a call of its tier-1 code is timed toward promotion: one is due after
    /// some native time and has not been asked for yet.
    pub(super) fn times_tier1(&self) -> bool {
        self.promote_after.is_some_and(|due| !due.native_time.is_zero()) && !self.promotion.load(Ordering::Relaxed)
    }

    /// Whether this call, whose count [`Specialization::code_for_call`] has just taken,
    /// is timed toward promotion: [`Specialization::times_tier1`], on one call in the
    /// promotion's timing sample.
    pub(super) fn times_this_call(&self) -> bool {
        self.times_tier1()
            && self
                .promote_after
                .is_some_and(|due| self.calls.load(Ordering::Relaxed).is_multiple_of(due.timing_sample.max(1)))
    }

    /// Adds a timed call's tier-1 time, scaled to the calls its sample stands for.
    pub(super) fn count_tier1_time(&self, elapsed: std::time::Duration) {
        let sample = self.promote_after.map_or(1, |due| due.timing_sample.max(1));
        self.tier1_nanos.fetch_add((elapsed.as_nanos() as u64).saturating_mul(sample), Ordering::Relaxed);
    }

    fn tier1_time(&self) -> std::time::Duration {
        std::time::Duration::from_nanos(self.tier1_nanos.load(Ordering::Relaxed))
    }

    /// The first call that finds tier-2 code: the swap, as `--jit-log` reports it.
    #[cold]
    fn first_tier2_call(&self, config: &JitConfig) {
        let started = Instant::now();
        if !self.swap_seen.swap(true, Ordering::Relaxed) {
            record(config, JitEvent::Swapped { what: self.name.clone(), tier: 2 });
        }
        config.counters.count_tier2_pause(started.elapsed());
    }
}

/// One tier-2 compile to make.
struct Job {
    spec: Weak<Specialization>,
    module: Arc<lir::Module>,
    config: Arc<JitConfig>,
    name: String,
    /// The spec's `code_identity`, marked warm once its code is kept.
    identity: Option<String>,
    queued: Instant,
}

impl Job {
    /// `spec`'s tier-2 compile, from the LIR its tier-1 code was made from.
    fn of(spec: &Arc<Specialization>, config: &Arc<JitConfig>) -> Job {
        Job {
            spec: Arc::downgrade(spec),
            module: spec.code.compiled.module.clone(),
            config: config.clone(),
            name: spec.name.clone(),
            identity: spec.code_identity.clone(),
            queued: Instant::now(),
        }
    }
}

/// The compile queue and its thread.
struct Queue {
    state: Mutex<QueueState>,
    ready: Condvar,
    /// Held by the compile thread while LLVM runs (see [`before_exit`]).
    compiling: Mutex<()>,
    /// The process that started the thread (a forked child has none).
    pid: u32,
}

#[derive(Default)]
struct QueueState {
    jobs: VecDeque<Job>,
    closing: bool,
}

static QUEUE: OnceLock<Queue> = OnceLock::new();

thread_local! {
    static PREPARED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Registers, once per thread, the thread-local state this thread will touch while the
/// compile thread loads LLVM. glibc registers a thread-local's destructor under the
/// dynamic loader's lock (`__cxa_thread_atexit_impl`), and the compile thread holds that
/// lock for about 20 ms in `dlopen`: the first `range` object the program made then, or
/// the first list native code made, waited for the whole load (221_tuples_as_values.py:
/// 19 ms of a 55 ms run, 90_range_bounds.py 23 ms). The thread-locals are pynum's list
/// arena and rustpython's free list of each object type, so one object of each type is
/// made and dropped.
pub(super) fn prepare_thread(vm: &rustpython_vm::VirtualMachine) {
    if PREPARED.replace(true) {
        return;
    }
    pynum_runtime::lists::prepare_thread();
    use rustpython_vm::AsObject;
    let ctx = &vm.ctx;
    let one = || -> rustpython_vm::PyObjectRef { ctx.new_int(1).into() };
    // Made and dropped at once; a failure only means that free list is touched later.
    for (class, args) in [(ctx.types.range_type, vec![one()]), (ctx.types.slice_type, vec![one()])] {
        let _ = class.as_object().call(args, vm);
    }
    let _ = ctx.types.complex_type.as_object().call(vec![one(), one()], vm);
    drop(ctx.new_float(0.5));
    drop(ctx.new_int(1u64 << 40));
    drop(ctx.new_list(vec![one()]));
    drop(ctx.new_tuple(vec![one()]));
    drop(ctx.new_dict());
}

/// Asks for `spec`'s tier-2 code: compiled now under `PYNUM_SYNC_COMPILE`, else queued
/// for the compile thread (started at the first request).
pub(super) fn request(spec: &Arc<Specialization>, config: &Arc<JitConfig>) {
    let job = Job::of(spec, config);
    if config.sync_compile {
        compile(job);
        return;
    }
    let started = Instant::now();
    let queue = QUEUE.get_or_init(|| {
        let queue = Queue {
            state: Mutex::new(QueueState::default()),
            ready: Condvar::new(),
            compiling: Mutex::new(()),
            pid: std::process::id(),
        };
        let spawned = std::thread::Builder::new().name("pynum-tier2".to_owned()).spawn(serve);
        if spawned.is_err() {
            queue.state.lock().closing = true;
        }
        queue
    });
    if queue.pid == std::process::id() {
        let mut state = queue.state.lock();
        if !state.closing {
            state.jobs.push_back(job);
            queue.ready.notify_one();
        }
    }
    config.counters.count_tier2_pause(started.elapsed());
}

/// The compile thread: one job at a time, the oldest first.
fn serve() {
    // The thread starts inside `get_or_init`, before the queue is stored.
    let queue = QUEUE.wait();
    loop {
        {
            let mut state = queue.state.lock();
            while state.jobs.is_empty() && !state.closing {
                queue.ready.wait(&mut state);
            }
            if state.closing {
                return;
            }
        }
        // The job is taken while `compiling` is held, so that `forget_compiles_of`, which
        // drops queued jobs and then takes `compiling`, never misses one in between. Only
        // LLVM's work is under it: installing the code records an event, which runs an
        // embedder's sink, which may wait on a lock the thread dropping a `Python` holds.
        let finished = {
            let _compiling = queue.compiling.lock();
            let job = {
                let mut state = queue.state.lock();
                if state.closing {
                    return;
                }
                match state.jobs.pop_front() {
                    Some(job) => job,
                    None => continue,
                }
            };
            let outcome = run_llvm(&job);
            (job, outcome)
        };
        if let (job, Some(outcome)) = finished {
            install(&job, outcome);
        }
    }
}

/// Compiles `job` with LLVM and installs the code in its specialization, if it still
/// exists (a dropped specialization's job compiles nothing).
fn compile(job: Job) {
    if let Some(outcome) = run_llvm(&job) {
        install(&job, outcome);
    }
}

/// What LLVM made of one job, and how long it took.
struct Outcome {
    compiled: Result<Compiled, CompileError>,
    started: Instant,
    milliseconds: f64,
}

/// LLVM's part of a job (nothing when its specialization is gone): no Python, no event.
fn run_llvm(job: &Job) -> Option<Outcome> {
    drop(job.spec.upgrade()?);
    let config = &job.config;
    let options = CompileOptions {
        python_semantics: true,
        keep_lir: false,
        dumps: DumpOptions {
            keep_ir: config.dump_llvm,
            keep_optimized: config.dump_llvm_opt,
            keep_asm: config.dump_asm,
            keep_object: config.code_cache,
        },
    };
    let started = Instant::now();
    let backend = pynum_llvm_loader::LoadedLlvm::shared();
    let compiled = pynum_jit::driver::compile_module(backend, job.module.clone(), &options);
    let milliseconds = started.elapsed().as_secs_f64() * 1e3;
    if let Ok(compiled) = &compiled {
        let object = compiled.code.dumps().object;
        if !object.is_empty() {
            pynum_llvm_loader::code_cache::store(&job.module, &object);
            if let Some(identity) = &job.identity {
                pynum_llvm_loader::code_cache::remember_warm(identity);
            }
        }
    }
    Some(Outcome { compiled, started, milliseconds })
}

/// The dumps asked for, the event, and the swap.
fn install(job: &Job, outcome: Outcome) {
    let config = &job.config;
    let name = &job.name;
    let milliseconds = outcome.milliseconds;
    let waited = outcome.started.duration_since(job.queued).as_secs_f64() * 1e3;
    match outcome.compiled {
        Ok(compiled) => {
            let dumps = compiled.code.dumps();
            if !dumps.ir.is_empty() {
                eprint!("---- LLVM IR {name} ----\n{}", dumps.ir);
            }
            if !dumps.optimized.is_empty() {
                eprint!("---- OPTIMIZED LLVM IR {name} ----\n{}", dumps.optimized);
            }
            if !dumps.asm.is_empty() {
                eprint!("---- ASM tier 2 {name} ----\n{}", dumps.asm);
            }
            let note = format!("{TIER2_NOTE}, queued {waited:.3} ms");
            record(config, JitEvent::Compiled { what: name.clone(), tier: 2, milliseconds, note: Some(note) });
            if let Some(spec) = job.spec.upgrade() {
                // The swap: the next call reads it, and a call running its tier-1 loop
                // moves at its next safepoint (`tier_up.rs`).
                let _ = spec.tier2.set(Arc::new(Native::new(compiled, 2)));
                pynum_runtime::POLL.tier_up.store(true, Ordering::Relaxed);
            }
        }
        Err(error) => {
            let reason = format!("tier 2: {}", error.to_string().lines().next().unwrap_or(""));
            record(config, JitEvent::Rejected { what: name.clone(), reason });
        }
    }
}

/// The note of a specialization whose code came from the code cache, as `--jit-log`
/// shows it (`Dispatcher::loads_cached_tier2`).
pub(super) const CACHED_NOTE: &str = "loaded from the code cache";

/// `spec`, compiled at tier 1 because the code cache had no tier-2 code for it, is a
/// candidate for filling the cache at exit ([`fill_code_cache_after_exit`]).
pub(super) fn remember_cache_miss(spec: &Arc<Specialization>) {
    spec.primes_code_cache.store(true, Ordering::Relaxed);
    let mut candidates = CACHE_CANDIDATES.lock();
    // Bounded, for a process that compiles for hours (a REPL, a server): the dropped
    // first (their LIR went to `CACHE_FILLS`), then the oldest.
    if candidates.len() >= MAX_CACHE_CANDIDATES {
        candidates.retain(|candidate| candidate.strong_count() > 0);
        if candidates.len() >= MAX_CACHE_CANDIDATES {
            candidates.drain(..MAX_CACHE_CANDIDATES / 2);
        }
    }
    candidates.push(Arc::downgrade(spec));
}

/// Live candidates kept for the exit-time fill ([`remember_cache_miss`]).
const MAX_CACHE_CANDIDATES: usize = 256;

/// Tier-1 specializations the code cache had no tier-2 code for, while they live.
static CACHE_CANDIDATES: Mutex<Vec<Weak<Specialization>>> = Mutex::new(Vec::new());

/// The LIR of specializations already dropped that the code cache should get
/// ([`Specialization::wants_tier2_for_later_runs`]), at most [`MAX_CACHE_FILLS`].
static CACHE_FILLS: Mutex<Vec<(String, Option<String>)>> = Mutex::new(Vec::new());

/// Modules one exit hands to the process that fills the code cache.
const MAX_CACHE_FILLS: usize = 16;

impl Specialization {
    /// Whether later runs should find this specialization's tier-2 code in the cache:
    /// none was there, it ran [`pynum_jit::policy::CODE_CACHE_FILL_TIME`] at tier 1, and this
    /// run never compiled it at tier 2 (its loop ended before the 100 ms that ask for
    /// it mid-call, as the benchmark kernels' loops of 40 to 90 ms do).
    fn wants_tier2_for_later_runs(&self) -> bool {
        self.primes_code_cache.load(Ordering::Relaxed)
            && self.tier2.get().is_none()
            && self.tier1_time() >= pynum_jit::policy::CODE_CACHE_FILL_TIME
    }
}

impl Drop for Specialization {
    fn drop(&mut self) {
        if self.wants_tier2_for_later_runs() {
            let mut fills = CACHE_FILLS.lock();
            if fills.len() < MAX_CACHE_FILLS {
                fills.push((self.code.compiled.module.to_string(), self.code_identity.clone()));
            }
        }
    }
}

/// Called once as the process exits: the specializations that should leave tier-2 code
/// to later runs and did not compile it go to a process of their own
/// (`code_cache::fill_in_background`), which compiles them with LLVM after this one has
/// ended. This run pays for writing their LIR and starting that process (about 1 ms), not
/// for LLVM: waiting for LLVM at exit took sum_squares from 47 to 90 ms on its first run.
pub fn fill_code_cache_after_exit() {
    let mut fills = std::mem::take(&mut *CACHE_FILLS.lock());
    for spec in std::mem::take(&mut *CACHE_CANDIDATES.lock()).iter().filter_map(Weak::upgrade) {
        if spec.wants_tier2_for_later_runs() && fills.len() < MAX_CACHE_FILLS {
            fills.push((spec.code.compiled.module.to_string(), spec.code_identity.clone()));
        }
    }
    // Marked now, before the filling process has run: a later run that starts before it
    // finished misses in the cache and compiles that code early, once.
    for identity in fills.iter().filter_map(|(_, identity)| identity.as_deref()) {
        pynum_llvm_loader::code_cache::remember_warm(identity);
    }
    let modules: Vec<String> = fills.into_iter().map(|(module, _)| module).collect();
    if !modules.is_empty() {
        pynum_llvm_loader::code_cache::fill_in_background(&modules);
    }
}

/// `%tiers`: `spec`'s tier-2 code, compiled on this thread now unless it is there
/// already (a compile the thread is running for it is waited for, not repeated).
/// `false` when tier 2 is not to be had: capped off, or LLVM refused the code.
pub(super) fn compile_now(spec: &Arc<Specialization>, config: &Arc<JitConfig>) -> bool {
    if spec.promote_after.is_none() {
        return false;
    }
    spec.promotion.store(true, Ordering::Relaxed);
    let compiling = exclusive_llvm();
    if spec.tier2.get().is_none() {
        let job = Job::of(spec, config);
        let outcome = run_llvm(&job);
        drop(compiling);
        if let Some(outcome) = outcome {
            install(&job, outcome);
        }
    }
    spec.tier2.get().is_some()
}

/// Held while this thread compiles with LLVM outside the compile thread (`%tiers`,
/// `%dump llvm`): one LLVM compile at a time in the process, the compile thread's
/// included (none to wait for before the thread starts, or in a forked child).
pub(super) fn exclusive_llvm() -> Option<parking_lot::MutexGuard<'static, ()>> {
    Some(this_process_queue()?.compiling.lock())
}

/// The compile queue, if this process started it (a forked child's copy has no thread).
fn this_process_queue() -> Option<&'static Queue> {
    QUEUE.get().filter(|queue| queue.pid == std::process::id())
}

/// An interpreter is going away (`pynum_vm::Python` dropped): its queued tier-2 jobs are
/// dropped and a compile already running is waited for, so that no LLVM compile of its
/// code outlives it. A process (an embedder, a test binary) that exits after dropping its
/// interpreters then never exits under a compile, whose LLVM statics the exit would
/// destroy under it.
pub(crate) fn forget_compiles_of(config: &Arc<JitConfig>) {
    let Some(queue) = this_process_queue() else { return };
    queue.state.lock().jobs.retain(|job| !Arc::ptr_eq(&job.config, config));
    drop(queue.compiling.lock());
}

/// Called once, as the process is about to exit: when an LLVM compile is running on the
/// compile thread, `true`, and the caller must leave with `_exit` (running libLLVM's
/// static destructors under a running compile could crash the exit). Otherwise no
/// compile starts any more.
pub fn compiling_at_exit() -> bool {
    let Some(queue) = this_process_queue() else { return false };
    queue.state.lock().closing = true;
    queue.ready.notify_all();
    match queue.compiling.try_lock() {
        // Held until the process ends: no compile starts.
        Some(guard) => {
            std::mem::forget(guard);
            false
        }
        None => true,
    }
}
