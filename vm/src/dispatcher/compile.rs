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

use pynum_jit::backend::{Compiled, DumpOptions, EntryFn};
use pynum_jit::driver::{reachable_functions, CompileOptions};
use pynum_jit::events::JitEvent;
use pynum_jit::ir::Function;
use pynum_jit::lir::lower::mangle;
use pynum_jit::policy::BackendChoice;
use pynum_jit::typeinfer::Inferencer;
use pynum_jit::types::Type;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

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
    pub(super) deopts: std::sync::atomic::AtomicU32,
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
    pub(super) string_constants: std::sync::OnceLock<Arc<super::boxing::StrTable>>,
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

/// The dicts native code takes besides ints to ints, which an empty dict is typed as
/// when nothing else says: tried in this order when that typing fails.
const OTHER_DICT_TYPES: [(Type, Type); 5] = [
    (Type::Str, Type::INT64),
    (Type::INT64, Type::FLOAT64),
    (Type::Str, Type::FLOAT64),
    (Type::Str, Type::Str),
    (Type::INT64, Type::Str),
];

impl Dispatcher {
    /// Compiles for `types`, the types of `values`. An empty dict has no entries to say
    /// what it holds, so it is typed as ints to ints; when that does not type (a counting
    /// loop that fills `counts = {}` with str keys), automatic mode tries it as each other
    /// dict native code takes, and keeps the first that compiles (an empty dict passes
    /// for any of them, [`super::boxing::has_type`]). Those tries are not logged.
    pub(super) fn compile_for_values(
        &self,
        values: &[PyObjectRef],
        types: &[Type],
        vm: &VirtualMachine,
    ) -> PyResult<Result<usize, String>> {
        let first = self.compile(types, vm)?;
        if first.is_ok() || !self.is_auto() {
            return Ok(first);
        }
        let empty_dict = |(value, ty): (&PyObjectRef, &Type)| {
            matches!(ty, Type::Dict(..)) && super::boxing::is_empty_dict(value, vm)
        };
        let Some(at) = values.iter().zip(types).position(empty_dict) else { return Ok(first) };
        for (key, value) in OTHER_DICT_TYPES {
            let mut retyped = types.to_vec();
            retyped[at] = Type::Dict(Box::new(key), Box::new(value));
            if let Ok(index) = self.compile_quietly(&retyped, vm, false)? {
                return Ok(Ok(index));
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

    /// Compiles for `args`; `Ok(Err(reason))` when the code stays interpreted.
    pub(super) fn compile(&self, args: &[Type], vm: &VirtualMachine) -> PyResult<Result<usize, String>> {
        self.compile_quietly(args, vm, true)
    }

    /// [`Dispatcher::compile`], which logs and remembers a failure only when `announce`.
    fn compile_quietly(&self, args: &[Type], vm: &VirtualMachine, announce: bool) -> PyResult<Result<usize, String>> {
        let started = std::time::Instant::now();
        let (env, root) = match LiveEnv::build(&self.py_func, vm) {
            Ok(found) => found,
            Err(exc) => {
                let reason = exc.as_object().str(vm).map(|s| s.to_string()).unwrap_or_default();
                self.state.lock().failures.insert(args.to_vec(), reason.clone());
                return Ok(Err(reason));
            }
        };
        let attempt = |root: &Function| {
            let mut inferencer = Inferencer::new(self.typing_context(), &env);
            inferencer
                .infer_function(root, args)
                .map_err(|e| e.render(std::fs::read_to_string(&root.filename).ok().as_deref()))
                .and_then(|typed| {
                    let functions = reachable_functions(&typed, &mut inferencer).map_err(|e| e.to_string())?;
                    let options = CompileOptions {
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
                    };
                    // Tier-2 code an earlier run kept, when there is some: no Cranelift
                    // compile, and no tier 2 to wait for.
                    let cache = pynum_llvm_loader::code_cache::CodeCache;
                    let backends: Vec<&dyn pynum_jit::backend::Backend> =
                        if self.loads_cached_tier2() { vec![&cache, self.backend()?] } else { vec![self.backend()?] };
                    let (compiled, index) = pynum_jit::driver::compile_with_first_of(&backends, &functions, &options)
                        .map_err(|e| e.to_string())?;
                    let from_cache = backends.len() > 1 && index == 0;
                    Ok((typed.return_type, compiled, from_cache))
                })
        };
        // Automatic mode tries the interleaved variant first; the code as written
        // compiles when the variant does not.
        let variant = if self.is_auto() { variant_ir(&self.py_func, vm) } else { None };
        let mut interleaved = false;
        let outcome = match variant.as_ref().map(&attempt) {
            Some(Ok(compiled)) => {
                interleaved = true;
                Ok(compiled)
            }
            _ => attempt(&root),
        };
        let mut state = self.state.lock();
        match outcome {
            Ok((return_type, compiled, from_cache)) => {
                let name = mangle(&root.qualname, args);
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
                let compile_ms = started.elapsed().as_secs_f64() * 1e3;
                if tier == 1 {
                    self.config.counters.count_compile_cost(self.instructions(vm), started.elapsed());
                }
                let note = match (interleaved, from_cache) {
                    (true, true) => Some(format!("two iterations interleaved, {}", super::tiers::CACHED_NOTE)),
                    (true, false) => Some("two iterations interleaved".to_owned()),
                    (false, true) => Some(super::tiers::CACHED_NOTE.to_owned()),
                    (false, false) => None,
                };
                record(&self.config, JitEvent::Compiled { what: name.clone(), tier, milliseconds: compile_ms, note });
                let guards = if self.is_auto() { env.guards } else { Vec::new() };
                let promote_after = if from_cache {
                    None
                } else {
                    self.config.tier2_promotion(super::tiers::has_loop(&compiled.module))
                };
                if promote_after.is_some() && !self.config.sync_compile {
                    super::tiers::prepare_thread(vm);
                }
                let specialization = Arc::new(Specialization {
                    args: args.to_vec(),
                    return_type,
                    code: Arc::new(Native::new(compiled, tier)),
                    compile_ms,
                    guards,
                    deopts: Default::default(),
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
                state.specializations.push(specialization);
                Ok(Ok(state.specializations.len() - 1))
            }
            Err(reason) if !announce => Ok(Err(reason)),
            Err(reason) => {
                let first_line = reason.lines().next().unwrap_or("").to_owned();
                record(&self.config, JitEvent::Rejected { what: mangle(&root.qualname, args), reason: first_line });
                state.failures.insert(args.to_vec(), reason.clone());
                Ok(Err(reason))
            }
        }
    }
}
