//! The Dispatcher: a Python callable that holds a function's compiled specializations,
//! keyed by argument types, and picks one on every call. Compilation happens on the
//! first call with new types (or eagerly for explicit signatures); code that cannot be
//! compiled runs in the interpreter, with one warning.
//!
//! This file is the Python-facing surface: the `_pynum` native module (`Dispatcher`,
//! `LiftedLoop`, `JitSettings`, `dispatcher()` for `numba.jit`, `auto()` for automatic
//! mode, the on-stack-replacement helpers) and the choice of a specialization on each
//! call. The rest, by concern: `config.rs` (the interpreter's JIT settings), `events.rs`
//! (events and `--jit-stats`), `boxing.rs` (argument types and values in and out of
//! native code), `code.rs` (which code compiles), `guards.rs` (the live environment and
//! its guards), `compile.rs` (compiling a specialization), `native.rs` (running one),
//! `osr.rs` (lifted loops and on-stack replacement), `compiled_functions.rs` (a
//! registered `function`'s calls reach its dispatcher).
//!
//! Assumes it is the only place that installs native code (an ARCHITECTURE invariant):
//! the JIT crates produce modules, the dispatcher decides when they run. Nothing here
//! depends on how a program is run (`run.rs`, `repl.rs`, `cli.rs`) or transformed
//! (`automatic.rs`).

mod background;
mod boxing;
mod code;
mod compile;
pub(crate) mod compiled_functions;
mod config;
mod deferral;
mod events;
mod first_calls;
mod guards;
mod introspection;
mod native;
mod osr;
mod plain_calls;
mod tier_up;
mod tiers;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use pynum_jit::backend::DumpOptions;
use pynum_jit::driver::{reachable_functions, CompileOptions};
use pynum_jit::policy::JitConfig;
use pynum_jit::typeinfer::{Inferencer, TypingContext};
use pynum_jit::types::Type;
use rustpython_vm::{
    builtins::{PyCode, PyDict},
    common::lock::PyMutex,
    function::FuncArgs,
    AsObject, Py, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine,
};

use self::boxing::{has_type, parse_signature};
use self::compile::{Compile, Specialization};
use self::guards::LiveEnv;

pub(crate) use self::boxing::type_of;
pub(crate) use self::code::{plain_positional, CodeMap, ORIGINAL_CODE, VARIANT_CODE};
pub(crate) use self::config::config;
pub use self::config::set_config;
pub(crate) use self::events::record;
pub use self::events::{events, stats_summary};
pub use self::first_calls::remember_short_first_calls;
pub(crate) use self::guards::remember_original_builtins;
pub(crate) use self::tiers::forget_compiles_of;
pub use self::tiers::{compiling_at_exit, fill_code_cache_after_exit};
pub(crate) use _pynum::install_vectorcall;

pub use pynum_jit::events::JitEvent;

/// How a dispatcher runs its function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// `@njit`/`@jit`: Numba's semantics; `nopython` says whether failing to compile
    /// deserves a warning.
    Numba { nopython: bool },
    /// `@jit(forceobj=True)`: always the interpreter.
    Object,
    /// pynum-run's automatic mode: Python's semantics, compiled after `threshold`
    /// calls, and any surprise in native code re-runs the call in the interpreter.
    Auto { threshold: u64 },
    /// A loop that automatic mode lifted out of a function: Python's semantics, and the
    /// interpreter's copy of the loop is the caller's (see `jit/src/looplift.rs`). A
    /// call returns `(outputs,)` when native code ran the loop to its end and `()` when
    /// it did not (not compiled yet, not typable, or a deoptimization), so the caller
    /// runs its own copy of the loop from the start: exact, because a lifted loop has
    /// no effects outside its locals, and the interpreter raises whatever the loop
    /// raises in the caller's frame, with CPython's traceback.
    Lifted { threshold: u64 },
}

pub(crate) use _pynum::{module_def, vectorcall as vectorcall_dispatcher, Dispatcher, JitSettings, LiftedLoop};

/// Whether something watches the program run: a trace or profile function
/// (`sys.settrace`, `sys.setprofile`) or a `sys.monitoring` tool (the stdlib's `pdb`
/// command line and coverage tools use it). Native code fires no events, so while this
/// holds automatic mode neither counts, compiles nor runs it.
pub(crate) fn program_is_watched(vm: &VirtualMachine) -> bool {
    vm.use_tracing.get() || vm.state.monitoring_events.load() != 0
}

/// A call of a registered function (`compiled_functions.rs`) with keyword arguments or
/// from Rust: what calling its dispatcher does.
pub(crate) fn call_dispatcher(dispatcher: &Py<Dispatcher>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    <Dispatcher as rustpython_vm::types::Callable>::call(dispatcher, args, vm)
}

/// The function a dispatcher runs in the interpreter (for a registered function, its
/// shadow).
pub(crate) fn shadow_of(dispatcher: &Dispatcher) -> PyObjectRef {
    dispatcher.py_func.clone()
}

/// When a compile a call asks for may finish, against that call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CompileFor {
    /// The call waits and runs the code compiled for it (a first call or loop entry that
    /// may be long, a call with big inputs, `@njit`).
    Now,
    /// The call runs in the interpreter while the compile thread compiles, when it can.
    Later,
    /// As `Later`, for a first call that would compile `Now` but that an earlier run
    /// found short (`first_calls.rs`).
    LaterAsBefore,
}

#[derive(Default)]
struct State {
    specializations: Vec<Arc<Specialization>>,
    /// Argument types that failed to compile, with the reason (not retried).
    failures: HashMap<Vec<Type>, String>,
    /// Explicit signatures were given: no further compilation.
    frozen: bool,
    /// Compiles the compile thread has (`background.rs`), until installed, with the
    /// guards their specializations will carry.
    pending: Vec<(Arc<background::PendingCompile>, Vec<guards::Guard>)>,
}

#[rustpython_vm::pymodule]
mod _pynum {
    use super::*;
    use rustpython_vm::builtins::{PyBoundMethod, PyStrRef};
    use rustpython_vm::function::{OptionalArg, PosArgs};
    use rustpython_vm::types::{Callable, GetAttr, GetDescriptor, Representable, SetAttr};
    use rustpython_vm::{pyclass, Traverse};

    #[pyattr]
    #[pyclass(module = "_pynum", name = "Dispatcher", traverse)]
    #[derive(PyPayload)]
    pub struct Dispatcher {
        pub(crate) py_func: PyObjectRef,
        #[pytraverse(skip)]
        pub(super) mode: Mode,
        #[pytraverse(skip)]
        pub(super) calls: std::sync::atomic::AtomicU64,
        /// Iterations a lifted loop's interpreted copy has counted (on-stack replacement).
        #[pytraverse(skip)]
        pub(super) iterations: std::sync::atomic::AtomicU64,
        /// Iterations of the interpreted entry running now, and when it began
        /// (`deferral::now_nanos`): what `tick` estimates the loop's time from.
        #[pytraverse(skip)]
        pub(super) entry_iterations: std::sync::atomic::AtomicU64,
        #[pytraverse(skip)]
        pub(super) entry_started: std::sync::atomic::AtomicU64,
        /// `tick` said hot once (under a policy that weighs time, it checks repeatedly).
        #[pytraverse(skip)]
        pub(super) osr_fired: AtomicBool,
        /// The `range` item at which a counting copy's `counted` iterator stopped,
        /// hot, until `stopped` hands it to the copy's `else` (an int: nothing to
        /// traverse). At most one per dispatcher: the loop gets hot once.
        #[pytraverse(skip)]
        pub(super) stopped_at: PyMutex<Option<PyObjectRef>>,
        /// The compile of the hidden function an on-stack replacement handed to the
        /// compile thread when the loop got hot (`osr::counts_hot`; set once, as the
        /// loop gets hot once). The loop runs on in the interpreter meanwhile and moves
        /// into native code at the first header after it is done.
        #[pytraverse(skip)]
        pub(super) osr_compile: std::sync::OnceLock<Arc<background::PendingCompile>>,
        /// `osr_compile` is set and was not yet seen done.
        #[pytraverse(skip)]
        pub(super) osr_waits: AtomicBool,
        /// The bytecode instructions of the code it runs, what a compile of it is
        /// expected to cost ([`Dispatcher::instructions`]).
        #[pytraverse(skip)]
        pub(super) instructions: std::sync::OnceLock<u64>,
        /// Its function's positional parameters (read once; its code does not change
        /// under a dispatcher), or `None` when it has `*args` or keyword-only ones:
        /// [`Dispatcher::with_defaults`].
        #[pytraverse(skip)]
        pub(super) positional_parameters: std::sync::OnceLock<Option<usize>>,
        /// The function's `__defaults__` as last read, and `FUNCTION_WRITES` then: read
        /// again only after some function's defaults or code were written. (Not
        /// traversed: the function holds the same tuple, until a write, after which the
        /// next call replaces it.)
        #[pytraverse(skip)]
        pub(super) defaults_read: parking_lot::Mutex<Option<(u64, Option<PyRef<rustpython_vm::builtins::PyTuple>>)>>,
        /// Whether an earlier run kept tier-2 code for its code in the code cache
        /// (read once; [`Dispatcher::warm_in_code_cache`]).
        #[pytraverse(skip)]
        pub(super) warm: std::sync::OnceLock<bool>,
        #[pytraverse(skip)]
        pub(super) state: PyMutex<State>,
        /// `state.pending` is not empty: a call that finds no specialization installs
        /// what the compile thread finished.
        #[pytraverse(skip)]
        pub(super) pending_compiles: AtomicBool,
        /// The settings of the interpreter that made this dispatcher.
        #[pytraverse(skip)]
        pub(super) config: Arc<JitConfig>,
        /// Automatic mode gave up on the function: nothing compiled for it.
        #[pytraverse(skip)]
        pub(crate) leave_requested: AtomicBool,
        /// A lifted loop's dispatcher that compiled nothing and was turned down for
        /// [`LIFTED_LOOP_REJECTED_CALLS`](pynum_jit::policy::LIFTED_LOOP_REJECTED_CALLS)
        /// calls: it answers "not run" at once, so the loop as written costs one call and
        /// no type derivation (a function's dispatcher leaves automatic mode instead).
        #[pytraverse(skip)]
        pub(super) given_up: AtomicBool,
        /// A registered function too short to gain from native code when the interpreter
        /// calls it ([`CALLEE_ONLY_INSTRUCTIONS`](pynum_jit::policy::CALLEE_ONLY_INSTRUCTIONS)):
        /// its calls go to the interpreter, and only compiled callers take it in.
        #[pytraverse(skip)]
        pub(crate) callee_only: bool,
        #[pytraverse(skip)]
        pub(super) turned_down: std::sync::atomic::AtomicU32,
        /// The size of the arguments ([`boxing::copied_size`]) of the smallest call whose
        /// specialization was dropped because copying them dominated (`u64::MAX`: none).
        /// A call with arguments at least half that size runs in the interpreter with no
        /// type derived: deriving them walks the containers as copying does.
        #[pytraverse(skip)]
        pub(super) copying_dominated_at: std::sync::atomic::AtomicU64,
        /// The time its calls took in the interpreter while it was not yet worth
        /// compiling, when the policy weighs time
        /// ([`JitConfig::interpreted_time_before_compiling`]).
        #[pytraverse(skip)]
        pub(super) interpreted_nanos: std::sync::atomic::AtomicU64,
        /// The interpreted time of its last timed call: a function whose loops came to
        /// run natively costs the interpreter less from then on.
        #[pytraverse(skip)]
        pub(super) last_interpreted_nanos: std::sync::atomic::AtomicU64,
        /// The one before it (0 before the second timed call).
        #[pytraverse(skip)]
        pub(super) previous_interpreted_nanos: std::sync::atomic::AtomicU64,
        /// The call count at its last timed warming call (`deferral::WARMING_CALLS_PER_SAMPLE`).
        #[pytraverse(skip)]
        pub(super) last_timed_call: std::sync::atomic::AtomicU64,
        /// Its function's `__globals__`, read once (not traversed: the function holds it).
        #[pytraverse(skip)]
        pub(super) globals: std::sync::OnceLock<Option<PyRef<PyDict>>>,
        /// A deferrable lifted loop's, under a policy that defers them.
        #[pytraverse(skip)]
        pub(super) deferral: Option<deferral::Deferral>,
        /// A function's that compiles at once at a call with big inputs (`auto_lifted`
        /// under a policy that defers).
        #[pytraverse(skip)]
        pub(super) big_call: Option<deferral::BigInputs>,
        /// The function as written, which short warming calls run (`plain_calls.rs`),
        /// once built (dropped when the function's defaults are written).
        pub(super) plain: PyMutex<Option<PyObjectRef>>,
        /// The parameters and globals whose size makes a call of the function as written
        /// long (`plain_calls.rs`).
        #[pytraverse(skip)]
        pub(super) plain_inputs: std::sync::OnceLock<deferral::BigInputs>,
        /// The function as written cannot stand in for the shadow (`plain_calls.rs`).
        #[pytraverse(skip)]
        pub(super) plain_unavailable: AtomicBool,
        /// Whether the last two timed calls ran native code or compiled inside (one bit
        /// each, the last lowest): their loops pay off natively, and a plain call would
        /// run them in the interpreter.
        #[pytraverse(skip)]
        pub(super) recent_native: std::sync::atomic::AtomicU8,
        /// Nothing compiles for the function, but it stays registered so that its short
        /// calls run the function as written (`plain_calls.rs`) and its long ones the
        /// shadow, whose lifted loops may still compile on their own.
        #[pytraverse(skip)]
        pub(crate) interpreted_only: AtomicBool,
    }

    impl std::fmt::Debug for Dispatcher {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("Dispatcher")
        }
    }

    /// `_pynum._config`: the interpreter's JIT settings (see [`super::config`]).
    #[pyattr]
    #[pyclass(module = "_pynum", name = "JitSettings")]
    #[derive(Debug, PyPayload)]
    pub struct JitSettings(pub(crate) Arc<JitConfig>);

    #[pyclass]
    impl JitSettings {}

    /// `_pynum.dispatcher_of(f)`: the dispatcher automatic mode runs the function `f`
    /// through, or `None` (for tests and tools: `f` itself stays a plain function).
    #[pyfunction]
    fn dispatcher_of(function: PyObjectRef, vm: &VirtualMachine) -> PyObjectRef {
        super::compiled_functions::dispatcher_of(&function).map_or_else(|| vm.ctx.none(), Into::into)
    }

    /// `dispatcher(func, options, signatures)`: what `numba.jit` builds.
    #[pyfunction]
    fn dispatcher(
        func: PyObjectRef,
        options: PyRef<PyDict>,
        signatures: Vec<PyStrRef>,
        vm: &VirtualMachine,
    ) -> PyResult<Dispatcher> {
        let flag = |name: &str| -> PyResult<bool> {
            Ok(match options.get_item_opt(name, vm)? {
                Some(v) => v.try_to_bool(vm)?,
                None => false,
            })
        };
        install_vectorcall(vm);
        // `@njit` over automatic mode's dispatcher: the user's decorator decides.
        let func = match func.downcast_ref::<Dispatcher>() {
            Some(inner) if inner.is_auto() => inner.py_func.clone(),
            _ => func,
        };
        super::compiled_functions::unregister(&func, vm)?;
        let mode = if flag("forceobj")? { Mode::Object } else { Mode::Numba { nopython: flag("nopython")? } };
        let dispatcher = Dispatcher::new(func, mode, config(vm));
        for signature in &signatures {
            let text = signature.to_string();
            let args =
                parse_signature(&text).ok_or_else(|| vm.new_type_error(format!("invalid signature {text:?}")))?;
            if let Err(reason) = dispatcher.compile(&args, vm)? {
                return Err(vm.new_type_error(format!("cannot compile {text}: {reason}")));
            }
        }
        dispatcher.state.lock().frozen = !signatures.is_empty();
        Ok(dispatcher)
    }

    /// `auto(func)`: automatic mode's decorator on the script's functions that may
    /// compile and whose loops are all lifted. It returns `func` itself, registered with
    /// a dispatcher (`compiled_functions.rs`): the program keeps a plain `function`.
    #[pyfunction]
    fn auto(func: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let threshold = config(vm).function_threshold(false);
        register_auto(func, threshold, None, vm)
    }

    /// `auto_first_call(func)`: [`auto`] for a function with a loop lifting did not
    /// take that may run long with small inputs, which compiles at its first call (see
    /// `JitConfig::function_threshold`).
    #[pyfunction]
    fn auto_first_call(func: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let threshold = config(vm).function_threshold(true);
        register_auto(func, threshold, None, vm)
    }

    /// `auto_lifted(func)`: [`auto`] for a function whose loops wait for their inputs:
    /// lifted, some without an on-stack copy, or left as written over its inputs
    /// (`looplift::bounded_by_inputs`; see `JitConfig::lifted_function_threshold`).
    #[pyfunction]
    fn auto_lifted(func: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let config = config(vm);
        let big_inputs = config.defers_small_loops().then_some(BigInputNames::All);
        register_auto(func, config.lifted_function_threshold(), big_inputs, vm)
    }

    /// `auto_lifted_by(name, ...)`: the decorator [`auto_lifted`] for a function whose
    /// waiting loops are bounded by the named parameters and globals alone
    /// (`looplift::AUTO_LIFTED_BY`), whose sizes alone make a call big.
    #[pyfunction]
    fn auto_lifted_by(names: PosArgs<PyStrRef>, vm: &VirtualMachine) -> PyResult {
        let names = names.into_vec().iter().filter_map(|name| name.to_str().map(str::to_owned)).collect();
        Ok(AutoLiftedBy { names }.into_ref(&vm.ctx).into())
    }

    /// The decorator `auto_lifted_by(...)` makes.
    #[pyattr]
    #[pyclass(module = "_pynum", name = "auto_lifted_decorator")]
    #[derive(Debug, PyPayload)]
    pub struct AutoLiftedBy {
        names: Vec<String>,
    }

    #[pyclass(with(Callable))]
    impl AutoLiftedBy {}

    impl Callable for AutoLiftedBy {
        type Args = (PyObjectRef,);

        fn call(zelf: &Py<Self>, (func,): Self::Args, vm: &VirtualMachine) -> PyResult {
            let config = config(vm);
            let big_inputs = config.defers_small_loops().then(|| BigInputNames::These(zelf.names.clone()));
            register_auto(func, config.lifted_function_threshold(), big_inputs, vm)
        }
    }

    /// Which values make a call big (see [`register_auto`]).
    enum BigInputNames {
        /// Every parameter, and every global the function's code names.
        All,
        /// These parameters and globals.
        These(Vec<String>),
    }

    /// With `big_inputs`, a call whose arguments or globals of those named are big
    /// ([`pynum_jit::policy::DEFERRAL_SIZE_LIMIT`]) compiles the function at once,
    /// whatever the threshold: its loops would compile at their entries anyway, and the
    /// function compiled whole runs them with no boundary between them (and may
    /// interleave iterations).
    fn register_auto(
        func: PyObjectRef,
        threshold: u64,
        big_inputs: Option<BigInputNames>,
        vm: &VirtualMachine,
    ) -> PyResult {
        install_vectorcall(vm);
        let config = config(vm);
        // Under the default policy only: the others compile what they count, short
        // functions included (the differential tests' native code).
        let short_ones_callee_only = config.weighs_compile_time();
        let make = |shadow: PyObjectRef| {
            let code = shadow.get_attr("__code__", vm).ok().and_then(|c| c.downcast::<PyCode>().ok());
            let big_call = code.zip(big_inputs.as_ref()).map(|(code, names)| match names {
                BigInputNames::All => deferral::BigInputs::of_function(&code),
                BigInputNames::These(names) => deferral::BigInputs::of_names(&code, names),
            });
            Dispatcher { big_call, ..Dispatcher::new(shadow, Mode::Auto { threshold }, config) }
        };
        super::compiled_functions::register(&func, make, short_ones_callee_only, vm)?;
        Ok(func)
    }

    /// A lifted loop's hidden function as the transformed code holds it: a constant of
    /// the caller's code (see `hidden_names.rs`), never bound to a name. It is the loop's
    /// dispatcher for the globals of the frame that calls it: the first call from a
    /// namespace makes the function (`FunctionType(code, globals)`) and its dispatcher,
    /// later calls from it find that dispatcher again with its specializations and
    /// counts. The same code run in another namespace (`exec`, `FunctionType(f.__code__,
    /// other_globals)`) gets a dispatcher of its own.
    #[pyattr]
    #[pyclass(module = "_pynum", name = "LiftedLoop", traverse)]
    #[derive(PyPayload)]
    pub struct LiftedLoop {
        pub(super) code: PyRef<PyCode>,
        /// When it compiles (with a counting copy in the caller, deferrable, or at once).
        #[pytraverse(skip)]
        pub(super) start: pynum_jit::looplift::LoopStart,
        /// The names a deferrable loop's iterable reads.
        #[pytraverse(skip)]
        pub(super) trip_names: Vec<String>,
        /// One dispatcher per namespace, the one called last first.
        pub(super) bindings: PyMutex<Vec<(PyRef<PyDict>, PyRef<Dispatcher>)>>,
        /// The unit of the `NOP` that starts its call site in the linked code
        /// (`hidden_names.rs`), which becomes a jump to the loop as written once the
        /// loop gives up ([`LiftedLoop::bypass_call_site`]).
        #[pytraverse(skip)]
        pub(super) bypasses: PyMutex<Vec<usize>>,
    }

    impl std::fmt::Debug for LiftedLoop {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "LiftedLoop({})", self.code.code.obj_name.as_str())
        }
    }

    impl Callable for LiftedLoop {
        type Args = FuncArgs;

        fn call(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
            match zelf.bound(vm) {
                Ok(dispatcher) => <Dispatcher as Callable>::call(&dispatcher, args, vm),
                // The caller runs its own copy of the loop.
                Err(_) => Ok(vm.ctx.empty_tuple.clone().into()),
            }
        }
    }

    /// The `vectorcall` slot of [`LiftedLoop`]: the dispatcher's own, without a second
    /// call event under a profiler.
    fn lifted_loop_vectorcall(
        zelf: &rustpython_vm::PyObject,
        args: Vec<PyObjectRef>,
        nargs: usize,
        kwnames: Option<&[PyObjectRef]>,
        vm: &VirtualMachine,
    ) -> PyResult {
        let lifted: &Py<LiftedLoop> = zelf.downcast_ref().expect("the slot is only on LiftedLoop");
        match lifted.bound(vm) {
            Ok(dispatcher) if !dispatcher.given_up.load(Ordering::Relaxed) => {
                vectorcall(dispatcher.as_object(), args, nargs, kwnames, vm)
            }
            // The caller runs its own copy of the loop, from now on without asking.
            Ok(_) => {
                lifted.bypass_call_site(vm);
                Ok(vm.ctx.empty_tuple.clone().into())
            }
            Err(_) => Ok(vm.ctx.empty_tuple.clone().into()),
        }
    }

    impl Representable for LiftedLoop {
        fn repr_str(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<String> {
            Ok(format!("<lifted loop {}>", zelf.code.code.obj_name.as_str()))
        }
    }

    #[pyclass(with(Callable, Representable))]
    impl LiftedLoop {}

    /// `osr_wanted(hidden)` (`__pynum__.osr`): `[()]` while the loop's hidden function may
    /// still compile and run natively, `[]` once it has failed to or deoptimized (the
    /// caller then runs its plain copy, without the count).
    #[pyfunction]
    fn osr_wanted(hidden: PyObjectRef, vm: &VirtualMachine) -> PyObjectRef {
        super::osr::osr_wanted(&hidden, vm)
    }

    /// `timed(hidden, iterable)` (`__pynum__.timed`): what the interpreted copy of a
    /// deferrable lifted loop iterates over (see `deferral.rs`).
    #[pyfunction]
    fn timed(hidden: PyObjectRef, iterable: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        super::osr::timed(&hidden, iterable, vm)
    }

    /// `tick(hidden)` (`__pynum__.tick`): one interpreted iteration of the hidden
    /// function's loop; true once, when the loop has become hot (see `osr::tick`).
    #[pyfunction]
    fn tick(hidden: PyObjectRef, vm: &VirtualMachine) -> bool {
        super::osr::tick(&hidden, vm)
    }

    /// `counted(hidden, iterable=None)` (`__pynum__.counted`): what a lifted loop's
    /// counting copy iterates over (see `osr::counted`).
    #[pyfunction]
    fn counted(hidden: PyObjectRef, iterable: OptionalArg<PyObjectRef>, vm: &VirtualMachine) -> PyResult {
        super::osr::counted(&hidden, iterable.into_option(), vm)
    }

    /// `stopped(hidden)` (`__pynum__.stopped`): `(item,)` when the loop's `counted`
    /// iterator stopped hot at `item`, else `()` (see `osr::stopped`).
    #[pyfunction]
    fn stopped(hidden: PyObjectRef, vm: &VirtualMachine) -> PyObjectRef {
        super::osr::stopped(&hidden, vm)
    }

    /// `resume(hidden, *state)` (`__pynum__.resume`): a loop running in the interpreter
    /// got hot; its hidden function compiles now (whatever the entry threshold) and runs
    /// the rest of the loop from `state`, the variables at the loop's header.
    #[pyfunction]
    fn resume(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        super::osr::resume(args, vm)
    }

    impl Dispatcher {
        pub(super) fn new(py_func: PyObjectRef, mode: Mode, config: Arc<JitConfig>) -> Dispatcher {
            Dispatcher {
                py_func,
                mode,
                config,
                calls: std::sync::atomic::AtomicU64::new(0),
                interpreted_nanos: Default::default(),
                last_interpreted_nanos: Default::default(),
                previous_interpreted_nanos: Default::default(),
                last_timed_call: Default::default(),
                globals: std::sync::OnceLock::new(),
                deferral: None,
                big_call: None,
                iterations: std::sync::atomic::AtomicU64::new(0),
                entry_iterations: Default::default(),
                entry_started: Default::default(),
                osr_fired: Default::default(),
                stopped_at: PyMutex::new(None),
                osr_compile: std::sync::OnceLock::new(),
                osr_waits: AtomicBool::new(false),
                instructions: std::sync::OnceLock::new(),
                positional_parameters: std::sync::OnceLock::new(),
                defaults_read: parking_lot::Mutex::new(None),
                warm: std::sync::OnceLock::new(),
                state: PyMutex::new(State::default()),
                pending_compiles: AtomicBool::new(false),
                leave_requested: AtomicBool::new(false),
                given_up: AtomicBool::new(false),
                callee_only: false,
                turned_down: std::sync::atomic::AtomicU32::new(0),
                copying_dominated_at: std::sync::atomic::AtomicU64::new(u64::MAX),
                plain: PyMutex::new(None),
                plain_inputs: std::sync::OnceLock::new(),
                plain_unavailable: AtomicBool::new(false),
                recent_native: Default::default(),
                interpreted_only: AtomicBool::new(false),
            }
        }

        /// Whether the dispatcher gave up on its function since last asked (see
        /// `compiled_functions::leave_if_asked`); the load first keeps the common
        /// answer, no, to a read.
        pub(crate) fn take_leave_request(&self) -> bool {
            self.leave_requested.load(Ordering::Relaxed) && self.leave_requested.swap(false, Ordering::Relaxed)
        }

        /// What was compiled, and what failed to, is stale (a registered function's
        /// `__defaults__` changed).
        pub(crate) fn forget_specializations(&self) {
            let dropped = {
                let mut state = self.state.lock();
                state.failures.clear();
                state.pending.clear();
                std::mem::take(&mut state.specializations)
            };
            self.pending_compiles.store(false, Ordering::Relaxed);
            // Nothing of the dispatcher's keeps the old defaults alive: the last read of
            // them, and the function as written made with them, go too (the old tuple's
            // items were freed at the next call, or never, where CPython frees them at
            // the write).
            let defaults = self.defaults_read.lock().take();
            let plain = self.plain.lock().take();
            // Dropped outside the locks: an old default's `__del__` may call the function.
            drop((dropped, defaults, plain));
        }

        /// Its function's `__globals__` (which a function cannot rebind), read once.
        pub(super) fn globals(&self, vm: &VirtualMachine) -> Option<&PyRef<PyDict>> {
            self.globals
                .get_or_init(|| {
                    self.py_func.get_attr("__globals__", vm).ok().and_then(|globals| globals.downcast::<PyDict>().ok())
                })
                .as_ref()
        }

        pub(super) fn is_auto(&self) -> bool {
            matches!(self.mode, Mode::Auto { .. } | Mode::Lifted { .. })
        }

        /// What its compiles make of globals bound to numbers: automatic mode folds
        /// them under guards, `@njit` freezes them (Numba's semantics).
        pub(super) fn global_constants(&self) -> guards::GlobalConstants {
            if self.is_auto() {
                guards::GlobalConstants::Guarded
            } else {
                guards::GlobalConstants::Frozen
            }
        }

        /// The code generator the settings choose (`PYNUM_BACKEND`). LLVM is a shared
        /// object opened at its first compile (`pynum_llvm_loader`): a run that never
        /// reaches tier 2 never loads it.
        pub(super) fn backend(&self) -> Result<&'static dyn pynum_jit::backend::Backend, String> {
            Ok(match self.config.backend {
                pynum_jit::policy::BackendChoice::Cranelift => pynum_cranelift::Cranelift::shared(),
                pynum_jit::policy::BackendChoice::Llvm => pynum_llvm_loader::LoadedLlvm::shared(),
            })
        }

        /// Python's semantics in automatic mode, Numba's otherwise.
        pub(super) fn typing_context(&self) -> TypingContext {
            if self.is_auto() {
                TypingContext::CPU_PYTHON
            } else {
                TypingContext::CPU
            }
        }
    }

    impl Callable for Dispatcher {
        type Args = FuncArgs;

        fn call(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
            // Under a trace or profile function, automatic mode neither counts, compiles
            // nor runs native code: the tracer sees the program as written, and nothing
            // the compiler does (it runs Python code) shows up as events of the caller.
            if zelf.is_auto() && program_is_watched(vm) {
                return zelf.run_watched(args, vm);
            }
            if zelf.mode == Mode::Object || !args.kwargs.is_empty() {
                return zelf.py_func.call(args, vm);
            }
            if zelf.given_up.load(Ordering::Relaxed) {
                return zelf.not_run(args, vm);
            }
            if zelf.interpreted_only.load(Ordering::Relaxed) {
                return zelf.run_interpreted_only(args, vm);
            }
            let args = zelf.with_defaults(args, vm);
            if let Some(spec) = zelf.exact_specialization(&args.args, vm) {
                return zelf.run_specialization(&spec, &args.args, vm);
            }
            if zelf.pending_compiles.load(Ordering::Relaxed) {
                zelf.install_finished_compiles(vm);
                if background::synchronous_for(zelf) {
                    let types: Vec<Type> = args.args.iter().map(|a| type_of(a, vm)).collect();
                    zelf.wait_for_compile(&types, vm);
                }
                if let Some(spec) = zelf.exact_specialization(&args.args, vm) {
                    return zelf.run_specialization(&spec, &args.args, vm);
                }
            }
            if zelf.copying_would_dominate(&args.args) {
                zelf.turn_down_a_lifted_call();
                return zelf.not_run(args, vm);
            }
            // Deriving the arguments' types walks every container they hold (a 200,000-
            // entry dict: about 10 ms). With nothing compiled nor turned down for any
            // types, a call that only counts toward compiling needs none: they are derived
            // when it compiles. (Every call derived them: a function with a loop over
            // part of such a dict, called 3,000 times, took 1.7 s against 0.25 s without
            // the JIT.)
            let nothing_known = {
                let state = zelf.state.lock();
                state.specializations.is_empty()
                    && state.failures.is_empty()
                    && state.pending.is_empty()
                    && !state.frozen
            };
            let types: Vec<Type> =
                if nothing_known { Vec::new() } else { args.args.iter().map(|a| type_of(a, vm)).collect() };
            // A call the interpreter runs because the function is not yet worth compiling
            // is timed toward that (two clock reads on a call of a microsecond or more).
            let mut warming = false;
            let found = {
                let state = zelf.state.lock();
                let exact = state.specializations.iter().position(|s| s.args == types);
                // With explicit signatures, ints may widen to a float parameter, as in Numba.
                let widened = || {
                    state.specializations.iter().position(|s| {
                        s.args.len() == types.len()
                            && s.args
                                .iter()
                                .zip(&types)
                                .all(|(want, have)| pynum_jit::types::unify(have, want).as_ref() == Some(want))
                    })
                };
                match exact.or_else(|| if state.frozen { widened() } else { None }) {
                    // The specialization itself, not its position: another thread may
                    // change the list before this call runs it.
                    Some(i) => Ok(state.specializations[i].clone()),
                    None if state.frozen => Err(Some(
                        state.specializations.iter().map(|s| format!("({})", list(&s.args))).collect::<Vec<_>>(),
                    )),
                    // The compile thread is compiling for these types: the interpreter
                    // runs this call, the function as written when the call is short, as
                    // a warming call would (the compile thread types the code too, so a
                    // compile may be pending for some milliseconds).
                    None if state.pending.iter().any(|(pending, _)| pending.args == types) => {
                        warming =
                            matches!(zelf.mode, Mode::Auto { threshold } if zelf.weighs_interpreted_time(threshold));
                        Err(None)
                    }
                    None if state.failures.contains_key(&types) => {
                        if state.specializations.is_empty() {
                            zelf.count_turned_down_lifted_call();
                        }
                        Err(None)
                    }
                    None => match zelf.mode {
                        // Not yet worth compiling: too few calls, or (a function under a
                        // policy that weighs time) too little interpreted time.
                        Mode::Auto { threshold } | Mode::Lifted { threshold }
                            if !zelf.warm_in_code_cache(vm) && zelf.waits_to_compile(threshold, vm) =>
                        {
                            if zelf.compiles_at_a_big_call(&args.args, vm) {
                                Err(Some(Vec::new()))
                            } else {
                                warming = zelf.weighs_interpreted_time(threshold);
                                Err(None)
                            }
                        }
                        // The caller runs the loop, timed (`timed`).
                        Mode::Lifted { .. } if zelf.defers(&args.args, vm) => {
                            if let Some(deferral) = &zelf.deferral {
                                deferral.entered();
                            }
                            Err(None)
                        }
                        _ => Err(Some(Vec::new())),
                    },
                }
            };
            match found {
                Ok(spec) => zelf.run_specialization(&spec, &args.args, vm),
                Err(Some(available)) if !available.is_empty() => Err(vm.new_type_error(format!(
                    "No matching definition for argument type(s) {}; available signatures: {}",
                    list(&types),
                    available.join(", ")
                ))),
                Err(Some(_)) => {
                    let types = if nothing_known { args.args.iter().map(|a| type_of(a, vm)).collect() } else { types };
                    // A function that waited for calls and interpreted time may wait for
                    // its code too: its calls so far were short, and the next ones run
                    // in the interpreter until the compile thread is done. One that
                    // compiles at its first call or at a call with big inputs compiles
                    // now, since that call may be long.
                    // So may a deferrable lifted loop whose small entries have paid for
                    // its compile: the next ones are as small, and this one runs the loop
                    // as written, as theirs did (tests/py's programs waited 1 to 4 ms on
                    // the main thread for such compiles, their loops then ran 0.1 ms).
                    let small_lifted_entry = matches!(zelf.mode, Mode::Lifted { .. })
                        && zelf.config.weighs_compile_time()
                        && zelf.deferral.as_ref().is_some_and(|d| {
                            !d.inputs.entry_is_big(&args.args, zelf.globals(vm), deferral::Modules::ByAttributes, vm)
                        });
                    let may_wait = (matches!(zelf.mode, Mode::Auto { threshold } if zelf.weighs_interpreted_time(threshold))
                        || small_lifted_entry)
                        && !zelf.warm_in_code_cache(vm)
                        && !zelf.compiles_at_a_big_call(&args.args, vm);
                    let when = if may_wait {
                        CompileFor::Later
                    } else if zelf.first_call_was_short_before(&args.args, vm) {
                        CompileFor::LaterAsBefore
                    } else {
                        CompileFor::Now
                    };
                    zelf.compile_and_run(args, &types, when, vm)
                }
                Err(None) if warming => zelf.run_sampled(args, zelf.compile_payback(vm), vm),
                Err(None) => zelf.not_run(args, vm),
            }
        }
    }

    impl Dispatcher {
        /// `args` with the function's defaults after them for the positional parameters
        /// the call leaves out, as the interpreter binds them: native code is typed and
        /// called with every parameter (a call `f(x)` of `def f(x, scale=2.0)` was
        /// turned down, "takes 2 arguments, given 1"). The defaults are read at each
        /// call, so a new `__defaults__` is seen as the interpreter sees it, and passing
        /// the same objects explicitly binds exactly what the interpreter would. Calls
        /// the defaults do not complete, and functions with `*args` or keyword-only
        /// parameters, are left as they are.
        fn with_defaults(&self, mut args: FuncArgs, vm: &VirtualMachine) -> FuncArgs {
            let parameters = *self.positional_parameters.get_or_init(|| {
                let code = self
                    .py_func
                    .get_attr("__code__", vm)
                    .ok()
                    .and_then(|code| code.downcast::<rustpython_vm::builtins::PyCode>().ok())?;
                let code = &code.code;
                let plain =
                    code.kwonlyarg_count == 0 && !code.flags.contains(rustpython_vm::bytecode::CodeFlags::VARARGS);
                plain.then_some(code.arg_count as usize)
            });
            let given = args.args.len();
            let Some(parameters) = parameters.filter(|&parameters| given < parameters) else { return args };
            let Some(defaults) = self.defaults(vm) else { return args };
            let missing = parameters - given;
            if defaults.len() < missing {
                return args;
            }
            args.args.extend(defaults.as_slice()[defaults.len() - missing..].iter().cloned());
            args
        }

        /// The function's `__defaults__`, read through its descriptor only when a function's
        /// defaults or code were written since the last read
        /// (`compiled_functions::FUNCTION_WRITES`, which every such write moves): the read
        /// is two descriptor calls, which a decorated one-line function called from the
        /// interpreter paid at every call (300,000 calls: 384 ms compiled against 300 ms
        /// interpreted).
        fn defaults(&self, vm: &VirtualMachine) -> Option<PyRef<rustpython_vm::builtins::PyTuple>> {
            let writes = compiled_functions::FUNCTION_WRITES.load(Ordering::Relaxed);
            let mut read = self.defaults_read.lock();
            if let Some((_, defaults)) = read.as_ref().filter(|(seen, _)| *seen == writes) {
                return defaults.clone();
            }
            let defaults = self
                .py_func
                .get_attr("__defaults__", vm)
                .ok()
                .and_then(|defaults| defaults.downcast::<rustpython_vm::builtins::PyTuple>().ok());
            *read = Some((writes, defaults.clone()));
            defaults
        }

        /// Whether `args` are as big as those of a call whose copying dominated its
        /// native code (half their size or more).
        fn copying_would_dominate(&self, args: &[PyObjectRef]) -> bool {
            let at = self.copying_dominated_at.load(Ordering::Relaxed);
            at != u64::MAX && boxing::copied_size(args).saturating_mul(2) >= at
        }

        /// A lifted loop's call turned down without a type derived, counted as one
        /// turned down for its types when nothing is compiled.
        fn turn_down_a_lifted_call(&self) {
            if self.state.lock().specializations.is_empty() {
                self.count_turned_down_lifted_call();
            }
        }

        /// Counts a lifted loop's call turned down while nothing is compiled for it; after
        /// [`LIFTED_LOOP_REJECTED_CALLS`](pynum_jit::policy::LIFTED_LOOP_REJECTED_CALLS)
        /// the loop gives up ([`Dispatcher::given_up`]).
        pub(super) fn count_turned_down_lifted_call(&self) {
            if matches!(self.mode, Mode::Lifted { .. })
                && self.turned_down.fetch_add(1, Ordering::Relaxed) + 1 >= pynum_jit::policy::LIFTED_LOOP_REJECTED_CALLS
            {
                self.given_up.store(true, Ordering::Relaxed);
            }
        }

        /// Compiles a specialization for `args` of `types` and runs it, or runs the
        /// interpreter when it cannot compile, or, when it `may_wait`, while the compile
        /// thread compiles it.
        fn compile_and_run(&self, args: FuncArgs, types: &[Type], when: CompileFor, vm: &VirtualMachine) -> PyResult {
            // Numba converts an int argument to int64 and raises for one outside it; the
            // interpreter would have run the function on the unbounded int.
            if matches!(self.mode, Mode::Numba { .. }) {
                let outside_int64 = |arg: &PyObjectRef| {
                    arg.downcast_ref_if_exact::<rustpython_vm::builtins::PyInt>(vm)
                        .is_some_and(|int| int.try_to_primitive::<i64>(vm).is_err())
                };
                if args.args.iter().any(outside_int64) {
                    return Err(vm.new_overflow_error("int too big to convert".to_owned()));
                }
            }
            let started = std::time::Instant::now();
            match self.compile_for_values(&args.args, types, when != CompileFor::Now, vm)? {
                Compile::Ready(spec) if when == CompileFor::Now => {
                    let compiled = started.elapsed();
                    let deopts = spec.deopts.load(Ordering::Relaxed);
                    let running = std::time::Instant::now();
                    let result = self.run_specialization(&spec, &args.args, vm);
                    let deoptimized = spec.deopts.load(Ordering::Relaxed) != deopts;
                    self.note_first_call(compiled, running.elapsed(), deoptimized, vm);
                    result
                }
                Compile::Ready(spec) => self.run_specialization(&spec, &args.args, vm),
                Compile::Pending(_) if when == CompileFor::LaterAsBefore => {
                    self.time_predicted_first_call(vm, || self.not_run(args, vm))
                }
                Compile::Pending(_) => self.not_run(args, vm),
                Compile::Failed(reason) => {
                    if self.mode == (Mode::Numba { nopython: true }) {
                        eprintln!(
                            "pynum: cannot compile in nopython mode, running in the interpreter instead:\n{}",
                            reason.trim_end()
                        );
                    }
                    self.leave_automatic_mode_if_nothing_compiled();
                    self.not_run(args, vm)
                }
            }
        }

        /// Counts a call that found nothing compiled for its types and tells whether
        /// the compile still waits: for `threshold` calls, or, for a function under a
        /// policy that weighs time ([`Dispatcher::weighs_interpreted_time`]), until its
        /// interpreted calls have paid for it, after two calls at the least. Calls of a
        /// millisecond or more each pay for a compile within two or three calls, and
        /// the count would keep them in the interpreter for eight: `advance` in
        /// tests/py/220 (0.5 ms a call under `--no-jit`) then compiled at its ninth call,
        /// on the compile thread, and the program's twelve calls ended before its code.
        fn waits_to_compile(&self, threshold: u64, vm: &VirtualMachine) -> bool {
            let calls = self.calls.fetch_add(1, Ordering::Relaxed) + 1;
            if self.weighs_interpreted_time(threshold) {
                // Two timed calls at least: one may have been slowed by the machine.
                calls <= 2 || !self.paid_for_compiling(vm)
            } else {
                calls <= threshold
            }
        }

        /// Whether this dispatcher's compile waits for interpreted time instead of
        /// `threshold` calls: a function of automatic mode that does not compile at its
        /// first call, under a policy that weighs time.
        fn weighs_interpreted_time(&self, threshold: u64) -> bool {
            matches!(self.mode, Mode::Auto { .. }) && threshold > 0 && self.config.weighs_compile_time()
        }

        /// Whether a function registered to compile at a call with big inputs
        /// (`auto_lifted` under a policy that defers) has one now.
        fn compiles_at_a_big_call(&self, args: &[PyObjectRef], vm: &VirtualMachine) -> bool {
            self.big_call
                .as_ref()
                .is_some_and(|big| big.entry_is_big(args, self.globals(vm), deferral::Modules::ByAttributes, vm))
        }

        /// Whether a deferrable lifted loop leaves this entry to the interpreter: its
        /// inputs are small and its interpreted runs have not yet paid for a compile.
        fn defers(&self, args: &[PyObjectRef], vm: &VirtualMachine) -> bool {
            let Some(deferral) = &self.deferral else { return false };
            if self.warm_in_code_cache(vm) {
                return false;
            }
            // Inside a region timed toward its own compile, a loop waits longer: that
            // region compiles with it inside (`ENCLOSED_PAYBACK_FACTOR`), unless its
            // run has paid for that already and only a next entry could compile it.
            let factor = if deferral::enclosing_region_will_compile_first() {
                pynum_jit::policy::ENCLOSED_PAYBACK_FACTOR
            } else {
                1
            };
            if self.paid_for_compiling_by(factor, vm) {
                return false;
            }
            !deferral.inputs.entry_is_big(args, self.globals(vm), deferral::Modules::ByAttributes, vm)
        }

        /// Whether its interpreted calls have taken long enough that a compile is worth
        /// it ([`pynum_jit::policy::COMPILE_PAYBACK`]).
        ///
        /// The interpreted time is the lesser of what its timed calls took and what
        /// they would have taken at the cost of the cheaper of the last two: when its
        /// loops came to run natively (lifted loops that compiled on their own) its calls
        /// cost the interpreter little from then on, and compiling it whole gains little;
        /// and one call that a preemption or a page fault made slow (its clock is the
        /// wall's) does not pay for a compile alone.
        fn paid_for_compiling(&self, vm: &VirtualMachine) -> bool {
            self.paid_for_compiling_by(1, vm)
        }

        /// Whether its interpreted time has paid for `factor` compiles' worth of
        /// [`Dispatcher::paid_for_compiling`].
        fn paid_for_compiling_by(&self, factor: u32, vm: &VirtualMachine) -> bool {
            let total = self.interpreted_nanos.load(Ordering::Relaxed);
            let at_last_cost = match self.last_interpreted_nanos.load(Ordering::Relaxed) {
                // A lifted loop's runs (`deferral.rs`) keep no last time.
                0 => total,
                last => {
                    let previous = self.previous_interpreted_nanos.load(Ordering::Relaxed);
                    let typical = if previous == 0 { last } else { last.min(previous) };
                    typical.saturating_mul(self.calls.load(Ordering::Relaxed))
                }
            };
            let interpreted = std::time::Duration::from_nanos(total.min(at_last_cost));
            interpreted >= self.compile_payback(vm) * factor
        }

        /// The interpreted time its compile waits for
        /// ([`JitConfig::interpreted_time_before_compiling`] of its code's size).
        pub(super) fn compile_payback(&self, vm: &VirtualMachine) -> std::time::Duration {
            self.config.interpreted_time_before_compiling(self.instructions(vm))
        }

        /// Whether an earlier run kept tier-2 code for this dispatcher's code
        /// (`code_cache::is_warm`, read once), so that compiling it is a load from the
        /// cache: it then compiles at its first call or loop iteration, without the
        /// calls and interpreted time the policy asks of a compile. Only under the
        /// default policy (explicit thresholds count exactly, as tests expect) with the
        /// cache in use.
        pub(super) fn warm_in_code_cache(&self, vm: &VirtualMachine) -> bool {
            *self.warm.get_or_init(|| {
                self.config.weighs_compile_time()
                    && self.loads_cached_tier2()
                    && self.code_identity(vm).is_some_and(|identity| pynum_llvm_loader::code_cache::is_warm(&identity))
            })
        }

        /// What names its code across runs for the code cache's marks: file, qualified
        /// name, first line, and its shape (arguments, locals, instruction count), so an
        /// edited function is, most likely, another.
        pub(super) fn code_identity(&self, vm: &VirtualMachine) -> Option<String> {
            let code =
                self.py_func.get_attr("__code__", vm).ok()?.downcast::<rustpython_vm::builtins::PyCode>().ok()?;
            let code = &code.code;
            let locals: Vec<&str> = code.varnames.iter().map(|name| name.as_str()).collect();
            Some(format!(
                "{}\n{}\n{}\n{} {} {}\n{}",
                code.source_path.as_str(),
                code.qualname.as_str(),
                code.first_line_number.map_or(0, |line| line.get()),
                code.arg_count,
                code.kwonlyarg_count,
                code.instructions.len(),
                locals.join(" ")
            ))
        }

        /// The bytecode instructions of the code its function runs and of the functions
        /// that code calls by global name (read once): the size a compile's expected
        /// time grows with, since a compile compiles the functions it calls too (a
        /// lifted loop of two calls is a few instructions, its compile those of both
        /// callees: tests/py/241's loop took 3.7 ms against an estimate of 0.5).
        pub(super) fn instructions(&self, vm: &VirtualMachine) -> u64 {
            *self.instructions.get_or_init(|| {
                let mut seen = Vec::new();
                instructions_with_callees(&self.py_func, CALLEE_DEPTH, &mut seen, vm)
            })
        }
    }

    /// How many levels of calls [`Dispatcher::instructions`] follows: deeper callees
    /// are rare in the regions automatic mode compiles, and each level reads globals.
    const CALLEE_DEPTH: u32 = 3;

    /// The bytecode instructions of `function`'s code, plus, `depth` levels down, those
    /// of the Python functions (or dispatchers) its code names as globals, each counted
    /// once (`seen` holds the codes counted).
    fn instructions_with_callees(
        function: &PyObjectRef,
        depth: u32,
        seen: &mut Vec<PyObjectRef>,
        vm: &VirtualMachine,
    ) -> u64 {
        let function = match function.downcast_ref::<Dispatcher>() {
            Some(dispatcher) => dispatcher.py_func.clone(),
            None => function.clone(),
        };
        let Some(code) = function
            .get_attr("__code__", vm)
            .ok()
            .and_then(|code| code.downcast::<rustpython_vm::builtins::PyCode>().ok())
        else {
            return 0;
        };
        let code_object: PyObjectRef = code.clone().into();
        if seen.iter().any(|counted| counted.is(&code_object)) {
            return 0;
        }
        seen.push(code_object);
        let own = code.code.instructions.len() as u64;
        if depth == 0 {
            return own;
        }
        let Some(globals) = function
            .get_attr("__globals__", vm)
            .ok()
            .and_then(|globals| globals.downcast::<rustpython_vm::builtins::PyDict>().ok())
        else {
            return own;
        };
        let callees: u64 = code
            .code
            .names
            .iter()
            .filter_map(|name| globals.get_item_opt(name.as_str(), vm).ok().flatten())
            .filter(|value| {
                value.downcast_ref::<Dispatcher>().is_some()
                    || value.downcast_ref::<rustpython_vm::builtins::PyFunction>().is_some()
            })
            .map(|callee| instructions_with_callees(&callee, depth - 1, seen, vm))
            .sum();
        own + callees
    }

    impl Dispatcher {
        /// The hot path: a specialization whose types match the arguments exactly.
        fn exact_specialization(&self, args: &[PyObjectRef], vm: &VirtualMachine) -> Option<Arc<Specialization>> {
            let state = self.state.lock();
            state
                .specializations
                .iter()
                .find(|s| s.args.len() == args.len() && s.args.iter().zip(args).all(|(t, a)| has_type(a, t, vm)))
                .cloned()
        }
    }

    /// The `vectorcall` slot: calls from bytecode skip building `FuncArgs` when only
    /// positional arguments are passed and a specialization matches.
    pub(crate) fn vectorcall(
        zelf: &rustpython_vm::PyObject,
        args: Vec<PyObjectRef>,
        nargs: usize,
        kwnames: Option<&[PyObjectRef]>,
        vm: &VirtualMachine,
    ) -> PyResult {
        let dispatcher: &Py<Dispatcher> = zelf.downcast_ref().expect("the slot is only on Dispatcher");
        if kwnames.is_none_or(|k| k.is_empty()) && dispatcher.mode != Mode::Object {
            if let Some(spec) = dispatcher.exact_specialization(&args[..nargs], vm) {
                return dispatcher.run_specialization(&spec, &args[..nargs], vm);
            }
        }
        let func_args = FuncArgs::from_vectorcall_owned(args, nargs, kwnames);
        <Dispatcher as Callable>::call(dispatcher, func_args, vm)
    }

    /// Installs [`vectorcall`] on the Dispatcher type (once per process).
    pub(crate) fn install_vectorcall(vm: &VirtualMachine) {
        Dispatcher::class(&vm.ctx).slots.vectorcall.store(Some(vectorcall));
        LiftedLoop::class(&vm.ctx).slots.vectorcall.store(Some(lifted_loop_vectorcall));
    }

    fn list(types: &[Type]) -> String {
        types.iter().map(Type::to_string).collect::<Vec<_>>().join(", ")
    }

    impl GetDescriptor for Dispatcher {
        fn descr_get(
            zelf: &rustpython_vm::PyObject,
            obj: Option<&rustpython_vm::PyObject>,
            _cls: Option<&rustpython_vm::PyObject>,
            vm: &VirtualMachine,
        ) -> PyResult {
            match obj {
                Some(obj) if !vm.is_none(obj) => {
                    Ok(PyBoundMethod::new(obj.to_owned(), zelf.to_owned()).into_ref(&vm.ctx).into())
                }
                _ => Ok(zelf.to_owned()),
            }
        }
    }

    impl Representable for Dispatcher {
        fn repr_str(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<String> {
            let function = zelf.py_func.repr(vm)?;
            // Automatic mode is invisible: the function prints as itself.
            Ok(if zelf.is_auto() { function.to_string() } else { format!("CPUDispatcher({function})") })
        }
    }

    /// Attributes the dispatcher does not define are the function's (`__code__`,
    /// `__defaults__`, `__globals__`, `__dict__` entries...), so introspection and
    /// decorators on top see the function they expect.
    impl GetAttr for Dispatcher {
        fn getattro(zelf: &Py<Self>, name: &Py<rustpython_vm::builtins::PyStr>, vm: &VirtualMachine) -> PyResult {
            // Automatic mode must not change what a program sees: `isinstance(f,
            // types.FunctionType)` and `inspect.isfunction(f)` read `__class__`. (Only
            // `type(f)` itself still names the dispatcher.)
            if zelf.is_auto() && name.to_str() == Some("__class__") {
                return Ok(zelf.py_func.class().to_owned().into());
            }
            // Attribute writes go to the function (see `SetAttr`), so its dict is the one.
            if zelf.is_auto() && name.to_str() == Some("__dict__") {
                return zelf.py_func.get_attr(name, vm);
            }
            match zelf.as_object().generic_getattr_opt(name, None, vm)? {
                Some(value) => Ok(value),
                None => zelf.py_func.get_attr(name, vm),
            }
        }
    }

    impl SetAttr for Dispatcher {
        fn setattro(
            zelf: &Py<Self>,
            name: &Py<rustpython_vm::builtins::PyStr>,
            value: rustpython_vm::function::PySetterValue,
            vm: &VirtualMachine,
        ) -> PyResult<()> {
            if !zelf.is_auto() {
                return zelf.as_object().generic_setattr(name, value, vm);
            }
            // Automatic mode's dispatcher stands for the function: writes go to it, and
            // what native code was compiled from may have changed (`__code__`,
            // `__defaults__`...), so every specialization goes.
            match value {
                rustpython_vm::function::PySetterValue::Assign(value) => zelf.py_func.set_attr(name, value, vm)?,
                rustpython_vm::function::PySetterValue::Delete => zelf.py_func.del_attr(name, vm)?,
            }
            let mut state = zelf.state.lock();
            state.specializations.clear();
            state.failures.clear();
            Ok(())
        }
    }

    #[pyclass(with(Callable, GetDescriptor, GetAttr, SetAttr, Representable), flags(HAS_DICT, HAS_WEAKREF))]
    impl Dispatcher {
        /// Pickled, copied and deep-copied as a function is: by reference to its module
        /// and qualified name (pickle's `save_global` checks that the name leads back
        /// to this very object; `copy` returns it as it is). `multiprocessing` sends
        /// compiled functions to its workers this way.
        #[pymethod]
        fn __reduce__(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
            zelf.py_func.get_attr("__qualname__", vm)
        }
        #[pygetset]
        fn py_func(zelf: &Py<Self>) -> PyObjectRef {
            zelf.py_func.clone()
        }
        #[pygetset(name = "__wrapped__")]
        fn wrapped(zelf: &Py<Self>) -> PyObjectRef {
            zelf.py_func.clone()
        }
        #[pygetset(name = "__name__")]
        fn name(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
            zelf.py_func.get_attr("__name__", vm)
        }
        #[pygetset(name = "__qualname__")]
        fn qualname(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
            zelf.py_func.get_attr("__qualname__", vm)
        }
        #[pygetset(name = "__doc__")]
        fn doc(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
            zelf.py_func.get_attr("__doc__", vm)
        }
        #[pygetset(name = "__module__")]
        fn module(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
            zelf.py_func.get_attr("__module__", vm)
        }
        /// The compiled signatures, as tuples of type names.
        #[pygetset]
        fn signatures(zelf: &Py<Self>, vm: &VirtualMachine) -> Vec<PyObjectRef> {
            let state = zelf.state.lock();
            state
                .specializations
                .iter()
                .map(|s| vm.ctx.new_tuple(s.args.iter().map(|t| vm.ctx.new_str(t.to_string()).into()).collect()).into())
                .collect()
        }
        /// The tier each specialization's calls run now (1 or 2), in order.
        #[pygetset]
        fn tiers(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
            let state = zelf.state.lock();
            let tier = |s: &Arc<Specialization>| s.tier2.get().map_or(s.code.tier, |t| t.tier);
            vm.ctx.new_list(state.specializations.iter().map(|s| vm.ctx.new_int(tier(s)).into()).collect()).into()
        }
        /// Compile time per specialization, in milliseconds.
        #[pygetset]
        fn stats(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<PyObjectRef> {
            let dict = vm.ctx.new_dict();
            for s in &zelf.state.lock().specializations {
                dict.set_item(format!("({})", list(&s.args)).as_str(), vm.ctx.new_float(s.compile_ms).into(), vm)?;
            }
            Ok(dict.into())
        }
        /// `(completed, deoptimized)`: the calls its live specializations ran to the end in
        /// native code and those they handed back to the interpreter (tests read it to
        /// know which inputs native code answered).
        #[pygetset]
        fn native_outcomes(zelf: &Py<Self>) -> (u32, u32) {
            zelf.state.lock().specializations.iter().fold((0, 0), |(done, deopts), s| {
                (done + s.completions.load(Ordering::Relaxed), deopts + s.deopts.load(Ordering::Relaxed))
            })
        }
        /// Prints each specialization's typed annotation.
        #[pymethod]
        fn inspect_types(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<()> {
            let (env, root) = LiveEnv::build(&zelf.py_func, zelf.global_constants(), vm)?;
            let source = super::introspection::source_of(&zelf.py_func, &root.filename, vm);
            let mut inferencer = Inferencer::new(zelf.typing_context(), &env);
            let signatures: Vec<Vec<Type>> = zelf.state.lock().specializations.iter().map(|s| s.args.clone()).collect();
            let mut out = String::new();
            for args in signatures {
                if let Ok(typed) = inferencer.infer_function(&root, &args) {
                    out.push_str(&pynum_jit::annotate::text(&pynum_jit::annotate::Annotated::Typed(&typed), &source));
                }
            }
            let stdout = vm.sys_module.get_attr("stdout", vm)?;
            vm.call_method(&stdout, "write", (out,))?;
            Ok(())
        }
        /// The machine code of each specialization, disassembled, keyed by signature.
        #[pymethod]
        fn inspect_asm(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<PyObjectRef> {
            let signatures: Vec<Vec<Type>> = zelf.state.lock().specializations.iter().map(|s| s.args.clone()).collect();
            let dict = vm.ctx.new_dict();
            let (env, root) = LiveEnv::build(&zelf.py_func, zelf.global_constants(), vm)?;
            let mut inferencer = Inferencer::new(zelf.typing_context(), &env);
            let Ok(backend) = zelf.backend() else { return Ok(dict.into()) };
            for args in signatures {
                let Ok(typed) = inferencer.infer_function(&root, &args) else { continue };
                let Ok(functions) = reachable_functions(&typed, &mut inferencer) else { continue };
                let options = CompileOptions {
                    python_semantics: zelf.is_auto(),
                    keep_lir: false,
                    dumps: DumpOptions { keep_asm: true, ..DumpOptions::default() },
                };
                if let Ok(compiled) = pynum_jit::driver::compile(backend, &functions, &options) {
                    dict.set_item(
                        format!("({})", list(&args)).as_str(),
                        vm.ctx.new_str(compiled.code.dumps().asm).into(),
                        vm,
                    )?;
                }
            }
            Ok(dict.into())
        }
    }
}
