//! Compilation of one specialization at tier 1: the live environment and IR of the
//! function (`guards.rs`), typing for the argument types, then
//! `pynum_jit::driver::compile` on the backend the settings choose (Cranelift, or LLVM
//! with `PYNUM_BACKEND=llvm`); the dumps asked for (`--dump-lir`, `--dump-clif`...) are
//! printed and the outcome recorded as an event. Its LIR is kept for tier 2
//! (`tiers.rs`).
//!
//! Assumes the dispatcher is the only place that installs native code (an ARCHITECTURE
//! invariant): the JIT crates produce modules, the dispatcher decides when they run.

use std::sync::Arc;
use std::time::Duration;

use pynum_jit::backend::{Compiled, DumpOptions, EntryFn};
use pynum_jit::driver::CompileOptions;
use pynum_jit::events::JitEvent;
use pynum_jit::ir::Function;
use pynum_jit::lir::lower::mangle;
use pynum_jit::policy::BackendChoice;
use pynum_jit::types::Type;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use super::background::{compile_attempt, compile_attempts, type_attempt, Finished, Job, PendingCompile, Typing};
use super::code::variant_ir;
use super::events::record;
use super::guards::{Guard, LiveEnv};
use super::Dispatcher;

/// One compiled specialization.
pub(super) struct Specialization {
    pub(super) args: Vec<Type>,
    pub(super) return_type: Type,
    pub(super) code: Arc<Native>,
    pub(super) compile_ms: f64,
    pub(super) guards: Vec<Guard>,
    /// Some of its guards are on globals it holds as constants (`Guard::folded`) or
    /// takes as arguments (`Guard::implicit`): it runs only while no other thread of the
    /// program does.
    pub(super) folds_globals: bool,
    /// The types of its native arguments: `args`, then those of the globals it takes as
    /// arguments ([`Specialization::implicit_arguments`]).
    pub(super) native_args: Vec<Type>,
    pub(super) deopts: std::sync::atomic::AtomicU32,
    /// `compiled_functions::FUNCTION_WRITES` when its guards on functions' attributes
    /// last held (0: never checked; they are checked at the first call after any write).
    pub(super) function_writes_seen: std::sync::atomic::AtomicU64,
    /// Calls that finished in native code (automatic mode only).
    pub(super) completions: std::sync::atomic::AtomicU32,
    /// The name logs give it (`f(int64)`).
    pub(super) name: String,
    /// Tier-1 calls that started, toward promotion.
    pub(super) calls: std::sync::atomic::AtomicU64,
    /// What it takes before it is recompiled at tier 2 (`None`: never).
    pub(super) promote_after: Option<pynum_jit::policy::Promotion>,
    /// Time its tier-1 code ran, counted toward a promotion that weighs it.
    pub(super) tier1_nanos: std::sync::atomic::AtomicU64,
    /// Tier 2 was asked for.
    pub(super) promotion: std::sync::atomic::AtomicBool,
    /// The tier-2 code, set once by the compile (the swap).
    pub(super) tier2: std::sync::OnceLock<Arc<Native>>,
    /// A call has run the tier-2 code (the swap was logged).
    pub(super) swap_seen: std::sync::atomic::AtomicBool,
    /// `%tiers` is timing tier 1: calls run the tier-1 code and count nothing.
    pub(super) tier1_pinned: std::sync::atomic::AtomicBool,
    /// The code cache had no tier-2 code for it: if it ran long enough at tier 1 and
    /// never reached tier 2, a process started at exit compiles it for later runs
    /// (`tiers::fill_code_cache_after_exit`).
    pub(super) primes_code_cache: std::sync::atomic::AtomicBool,
    /// Its dispatcher's code as the code cache's marks name it
    /// (`Dispatcher::code_identity`), when the cache is in use: whoever keeps its
    /// tier-2 code marks that code warm for later runs.
    pub(super) code_identity: Option<String>,
    /// Time spent in native code, with `time_native` on (the REPL, `--jit-stats`).
    pub(super) native_nanos: std::sync::atomic::AtomicU64,
    /// Calls that copied containers in, the time their copying and write-back took, and
    /// the time their native code took: see [`pynum_jit::policy::COPYING_DOMINATES`].
    pub(super) reflection: super::native::ReflectionCost,
}

/// Compiled code and its entry, read once so a call does not go through the backend.
pub(super) struct Native {
    pub(super) entry: EntryFn,
    /// Where a call that left lower-tier code at a safepoint goes on (`tier_up.rs`).
    pub(super) resume_entry: Option<EntryFn>,
    pub(super) compiled: Compiled,
    /// 1 (Cranelift) or 2 (LLVM).
    pub(super) tier: u8,
    /// The code's string constants as str objects, made at its first call.
    pub(super) string_constants: std::sync::OnceLock<Arc<super::boxing::WordObjects>>,
}

impl Native {
    pub(super) fn new(compiled: Compiled, tier: u8) -> Native {
        Native {
            entry: compiled.code.entry(),
            resume_entry: compiled.code.resume_entry(),
            compiled,
            tier,
            string_constants: std::sync::OnceLock::new(),
        }
    }
}

/// What asking for a compile came to.
pub(super) enum Compile {
    /// This specialization, installed.
    Ready(Arc<Specialization>),
    /// The compile thread has it (this job); the call runs in the interpreter.
    Pending(Arc<PendingCompile>),
    /// It stays interpreted, for this reason.
    Failed(String),
}

/// The dicts native code takes besides ints to ints, which an empty dict is typed as
/// when nothing else says: tried in this order when that typing fails. Of the tuple
/// keys, pairs of ints only (a grid's `(x, y)`): each try is a compile.
fn other_dict_types() -> [(Type, Type); 7] {
    let pair = || Type::Tuple(vec![Type::INT64, Type::INT64]);
    [
        (Type::Str, Type::INT64),
        (Type::INT64, Type::FLOAT64),
        (Type::Str, Type::FLOAT64),
        (Type::Str, Type::Str),
        (Type::INT64, Type::Str),
        (pair(), Type::INT64),
        (pair(), Type::FLOAT64),
    ]
}

impl Dispatcher {
    /// Compiles for `types`, the types of `values`. An empty dict has no entries to say
    /// what it holds, so it is typed as ints to ints; when that does not type (a counting
    /// loop that fills `counts = {}` with str keys), automatic mode tries it as each other
    /// dict native code takes, and keeps the first that compiles (an empty dict passes
    /// for any of them, [`super::boxing::has_type`]). Those tries are not logged. When
    /// the caller `may_wait` for the code, the compile thread may make it.
    pub(super) fn compile_for_values(
        &self,
        values: &[PyObjectRef],
        types: &[Type],
        may_wait: bool,
        vm: &VirtualMachine,
    ) -> PyResult<Compile> {
        let empty_dict = |(value, ty): (&PyObjectRef, &Type)| {
            matches!(ty, Type::Dict(..)) && super::boxing::is_empty_dict(value, vm)
        };
        let empty_dict_at = if self.is_auto() { values.iter().zip(types).position(empty_dict) } else { None };
        // With an empty dict, what it is typed as may fail as late as lowering, and the
        // next type is tried then: such a compile runs here.
        let first = self.compile_quietly(types, vm, true, may_wait && empty_dict_at.is_none())?;
        let Some(at) = empty_dict_at.filter(|_| matches!(first, Compile::Failed(_))) else { return Ok(first) };
        for (key, value) in other_dict_types() {
            let mut retyped = types.to_vec();
            retyped[at] = Type::Dict(Box::new(key), Box::new(value));
            if let ready @ Compile::Ready(_) = self.compile_quietly(&retyped, vm, false, false)? {
                return Ok(ready);
            }
        }
        Ok(first)
    }

    /// Whether a compile first looks for tier-2 code an earlier run kept
    /// (`pynum_llvm_loader::code_cache`): with the cache on, tier 2 allowed, Cranelift as
    /// tier 1, and no dump of a backend's IR or code asked for (the cache keeps none).
    pub(super) fn loads_cached_tier2(&self) -> bool {
        let config = &self.config;
        config.code_cache
            && config.max_tier == pynum_jit::policy::Tier::Optimizing
            && config.backend == BackendChoice::Cranelift
            && !(config.dump_clif
                || config.dump_optimized
                || config.dump_asm
                || config.dump_llvm
                || config.dump_llvm_opt)
    }

    /// Compiles for `args` now; `Ok(Err(reason))` when the code stays interpreted.
    pub(super) fn compile(&self, args: &[Type], vm: &VirtualMachine) -> PyResult<Result<Arc<Specialization>, String>> {
        Ok(match self.compile_quietly(args, vm, true, false)? {
            Compile::Ready(spec) => Ok(spec),
            Compile::Failed(reason) => Err(reason),
            Compile::Pending(_) => unreachable!("a compile that may not wait is never pending"),
        })
    }

    /// Whether a compile may go to the compile thread (`background.rs`): automatic
    /// mode under the default policy, on Cranelift, with no dump asked for, outside an
    /// on-stack replacement.
    pub(super) fn compiles_in_background(&self) -> bool {
        let config = &self.config;
        self.is_auto()
            && config.weighs_compile_time()
            && !config.sync_compile
            && config.backend == BackendChoice::Cranelift
            && !(config.dump_lir || config.dump_clif || config.dump_optimized || config.dump_asm)
            && !super::background::synchronous_for(self)
    }

    /// The options a compile of this dispatcher's code runs with.
    fn compile_options(&self) -> CompileOptions {
        CompileOptions {
            python_semantics: self.is_auto(),
            keep_lir: self.config.dump_lir,
            dumps: match self.config.backend {
                BackendChoice::Cranelift => DumpOptions {
                    keep_ir: self.config.dump_clif,
                    keep_optimized: self.config.dump_optimized,
                    keep_asm: self.config.dump_asm,
                    keep_object: false,
                },
                BackendChoice::Llvm => DumpOptions {
                    keep_ir: self.config.dump_clif || self.config.dump_llvm,
                    keep_optimized: self.config.dump_optimized || self.config.dump_llvm_opt,
                    keep_asm: self.config.dump_asm,
                    keep_object: false,
                },
            },
        }
    }

    /// [`Dispatcher::compile`], which logs and remembers a failure only when `announce`,
    /// and hands the compile to the compile thread when `background` allows and the
    /// settings do ([`Dispatcher::compiles_in_background`]).
    fn compile_quietly(
        &self,
        args: &[Type],
        vm: &VirtualMachine,
        announce: bool,
        background: bool,
    ) -> PyResult<Compile> {
        let started = std::time::Instant::now();
        let _not_interpreted = super::deferral::CompileOnThisThread::start();
        let (mut env, mut root) = match LiveEnv::build(&self.py_func, self.global_constants(), vm) {
            Ok(found) => found,
            Err(exc) => {
                let reason = exc.as_object().str(vm).map(|s| s.to_string()).unwrap_or_default();
                self.state.lock().failures.insert(args.to_vec(), reason.clone());
                return Ok(Compile::Failed(reason));
            }
        };
        // Automatic mode tries the interleaved variant first; the code as written
        // compiles when the variant does not.
        let mut variant = if self.is_auto() { variant_ir(&self.py_func, vm) } else { None };
        // Globals holding containers that the code reads come in after the arguments.
        let implicit =
            if self.is_auto() { env.pass_globals_as_arguments(&mut root, variant.as_mut()) } else { Vec::new() };
        let typed_args: Vec<Type> = args.iter().cloned().chain(implicit).collect();
        let options = self.compile_options();
        let use_code_cache = self
            .loads_cached_tier2()
            .then(|| pynum_llvm_loader::code_cache::CodeCache { recalls_optimized: self.warm_in_code_cache(vm) });
        let qualname = root.qualname.clone();
        let pending = || PendingCompile {
            args: args.to_vec(),
            announce,
            qualname: qualname.clone(),
            main_thread: started.elapsed(),
            result: parking_lot::Mutex::new(None),
            done: std::sync::OnceLock::new(),
        };
        let context = self.typing_context();
        if background && self.compiles_in_background() {
            let (typing_env, guards) = env.split();
            let typing = Box::new(Typing { env: typing_env, context, args: typed_args, variant, as_written: root });
            let pending = Arc::new(pending());
            let job = Job { pending: pending.clone(), config: self.config.clone(), typing, options, use_code_cache };
            return Ok(match super::background::submit(job) {
                Ok(()) => {
                    self.state.lock().pending.push((pending.clone(), guards));
                    self.pending_compiles.store(true, std::sync::atomic::Ordering::Relaxed);
                    Compile::Pending(pending)
                }
                // No compile thread (a forked child): compiled here.
                Err(job) => {
                    let compiled = std::time::Instant::now();
                    let outcome = self.backend().and_then(|backend| {
                        compile_attempts((*job.typing).attempts(), &job.options, backend, use_code_cache)
                    });
                    self.install(&pending, guards, outcome, compiled.elapsed(), false, vm)
                }
            });
        }
        let type_for =
            |function: &Function, interleaved: bool| type_attempt(context, &env, function, &typed_args, interleaved);
        let outcome = self.backend().and_then(|backend| {
            let from_variant = variant
                .as_ref()
                .and_then(|v| type_for(v, true).ok())
                .and_then(|typed| compile_attempt(typed, &options, backend, use_code_cache).ok());
            match from_variant {
                Some(finished) => Ok(finished),
                None => {
                    type_for(&root, false).and_then(|typed| compile_attempt(typed, &options, backend, use_code_cache))
                }
            }
        });
        // Everything so far counts as main-thread time.
        Ok(self.install(&pending(), env.guards, outcome, Duration::ZERO, false, vm))
    }

    /// Installs the outcome of `pending`'s compile: a new specialization, or a failure
    /// logged and remembered. `compile_time` is what its compile took beyond the main
    /// thread's share already in `pending`, `on_compile_thread` whether the compile
    /// thread made it.
    pub(super) fn install(
        &self,
        pending: &PendingCompile,
        guards: Vec<Guard>,
        outcome: Result<Finished, String>,
        compile_time: Duration,
        on_compile_thread: bool,
        vm: &VirtualMachine,
    ) -> Compile {
        let args = pending.args.clone();
        let (announce, qualname) = (pending.announce, &pending.qualname);
        let elapsed = pending.main_thread + compile_time;
        let mut state = self.state.lock();
        match outcome {
            Ok(Finished { compiled, return_type, interleaved, from_cache }) => {
                let name = mangle(qualname, &args);
                if !compiled.lir.is_empty() {
                    eprint!("---- LIR {name} ----\n{}", compiled.lir);
                }
                let dumps = compiled.code.dumps();
                let (ir, tier) = match self.config.backend {
                    _ if from_cache => ("", 2),
                    BackendChoice::Cranelift => ("CLIF", 1),
                    BackendChoice::Llvm => ("LLVM IR", 2),
                };
                if !dumps.ir.is_empty() {
                    eprint!("---- {ir} {name} ----\n{}", dumps.ir);
                }
                if !dumps.optimized.is_empty() {
                    eprint!("---- OPTIMIZED {ir} {name} ----\n{}", dumps.optimized);
                }
                if !dumps.asm.is_empty() {
                    eprint!("---- ASM {name} ----\n{}", dumps.asm);
                }
                // Everything: bytecode analysis, typing, lowering, code generation.
                let compile_ms = elapsed.as_secs_f64() * 1e3;
                if tier == 1 {
                    self.config.counters.count_compile_cost(self.instructions(vm), elapsed);
                }
                let notes: Vec<&str> = [
                    (interleaved, "two iterations interleaved"),
                    (from_cache, super::tiers::CACHED_NOTE),
                    (on_compile_thread, super::background::COMPILE_THREAD_NOTE),
                ]
                .into_iter()
                .filter_map(|(applies, note)| applies.then_some(note))
                .collect();
                let note = (!notes.is_empty()).then(|| notes.join(", "));
                record(&self.config, JitEvent::Compiled { what: name.clone(), tier, milliseconds: compile_ms, note });
                let guards = if self.is_auto() { guards } else { Vec::new() };
                let promote_after = if from_cache {
                    None
                } else {
                    self.config.tier2_promotion(super::tiers::has_loop(&compiled.module))
                };
                if promote_after.is_some() && !self.config.sync_compile {
                    super::tiers::prepare_thread(vm);
                }
                let native_args: Vec<Type> =
                    args.iter().cloned().chain(guards.iter().filter_map(|g| g.implicit.clone())).collect();
                let specialization = Arc::new(Specialization {
                    args,
                    return_type,
                    code: Arc::new(Native::new(compiled, tier)),
                    compile_ms,
                    folds_globals: guards.iter().any(|guard| guard.folded || guard.implicit.is_some()),
                    native_args,
                    guards,
                    deopts: Default::default(),
                    function_writes_seen: Default::default(),
                    completions: Default::default(),
                    name,
                    calls: Default::default(),
                    promote_after,
                    tier1_nanos: Default::default(),
                    promotion: Default::default(),
                    tier2: Default::default(),
                    swap_seen: Default::default(),
                    tier1_pinned: Default::default(),
                    primes_code_cache: Default::default(),
                    code_identity: if self.loads_cached_tier2() { self.code_identity(vm) } else { None },
                    native_nanos: Default::default(),
                    reflection: Default::default(),
                });
                if tier == 1 && self.loads_cached_tier2() {
                    super::tiers::remember_cache_miss(&specialization);
                }
                if let (true, Some(identity)) = (from_cache, &specialization.code_identity) {
                    // Marked when its code was kept; marked again in case the mark went.
                    pynum_llvm_loader::code_cache::remember_warm(identity);
                }
                state.specializations.push(specialization.clone());
                Compile::Ready(specialization)
            }
            Err(reason) if !announce => Compile::Failed(reason),
            Err(reason) => {
                // The compile thread logged its rejections as it found them.
                if !on_compile_thread {
                    super::events::record_rejection(&self.config, qualname, &args, &reason);
                }
                state.failures.insert(args, reason.clone());
                Compile::Failed(reason)
            }
        }
    }

    /// Installs every compile the compile thread has finished for this dispatcher
    /// (called on a call that found no specialization of its types).
    pub(super) fn install_finished_compiles(&self, vm: &VirtualMachine) {
        let finished: Vec<(Arc<PendingCompile>, Vec<Guard>)> = {
            let mut state = self.state.lock();
            let (done, waiting): (Vec<_>, Vec<_>) = state.pending.drain(..).partition(|(pending, _)| pending.is_done());
            state.pending = waiting;
            if state.pending.is_empty() {
                self.pending_compiles.store(false, std::sync::atomic::Ordering::Relaxed);
            }
            done
        };
        for (pending, guards) in finished {
            self.install_finished(&pending, guards, vm);
        }
    }

    /// Waits for the compile thread's compile for `args`, if one is pending, and
    /// installs it (an on-stack replacement needs the code now).
    pub(super) fn wait_for_compile(&self, args: &[Type], vm: &VirtualMachine) {
        let (waiting, guards) = {
            let mut state = self.state.lock();
            let Some(at) = state.pending.iter().position(|(pending, _)| pending.args == args) else { return };
            let entry = state.pending.remove(at);
            if state.pending.is_empty() {
                self.pending_compiles.store(false, std::sync::atomic::Ordering::Relaxed);
            }
            entry
        };
        waiting.done.wait();
        self.install_finished(&waiting, guards, vm);
    }

    /// Installs a finished compile; a failure leaves automatic mode when nothing
    /// compiled for the function, as a synchronous failure does.
    fn install_finished(&self, pending: &PendingCompile, guards: Vec<Guard>, vm: &VirtualMachine) {
        let Some((outcome, compile_time)) = pending.result.lock().take() else { return };
        if let Compile::Failed(_) = self.install(pending, guards, outcome, compile_time, true, vm) {
            self.leave_automatic_mode_if_nothing_compiled();
        }
    }
}
