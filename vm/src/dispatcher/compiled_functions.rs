//! A function automatic mode compiles stays the `function` object the program made:
//! `type(f) is types.FunctionType`, pickled by reference, copied as itself, weakly
//! referenced, bound by the descriptor protocol, its `__code__` the code as written.
//! Native code is entered from the call slots of the `function` type.
//!
//! How: `_pynum.auto(f)` registers `f` here with its dispatcher and returns `f` itself.
//! The `vectorcall` and `call` slots of `function` are replaced at start-up: a call of a
//! registered function goes to its dispatcher, every other call to rustpython's own slot.
//! rustpython's adaptive interpreter would skip the slot at call sites it specialized for
//! a Python function (`CALL_PY_EXACT_ARGS` pushes the frame itself), and it specializes
//! only for code flagged `CO_OPTIMIZED`; so a registered function holds a copy of its code
//! without that flag (the *entry code*), which nothing runs. Its dispatcher runs the code
//! in a *shadow*: a plain function with the real code, globals, defaults and closure,
//! which is what the interpreter executes whenever native code does not. A *callee-only*
//! function (short, loop-free, calling only builtins, under the default policy) instead
//! holds a flagged copy of its code as written: its calls skip the dispatcher, which only
//! its compiled callers use.
//!
//! Assumes: `function` cannot be subclassed (its slots are the only way in); a
//! function's version (`func_version`) changes only when `__code__`, `__defaults__` or
//! `__kwdefaults__` is written, and those descriptors are replaced here too, so a
//! registration is found by the function's address and confirmed by its version.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{LazyLock, OnceLock, RwLock};

use rustpython_vm::{
    builtins::{PyCode, PyDict, PyFunction},
    bytecode::CodeFlags,
    function::FuncArgs,
    AsObject, PyObject, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine,
};

use super::Dispatcher;

type CallSlot = fn(&PyObject, FuncArgs, &VirtualMachine) -> PyResult;
type VectorcallSlot = fn(&PyObject, Vec<PyObjectRef>, usize, Option<&[PyObjectRef]>, &VirtualMachine) -> PyResult;

/// rustpython's own slots of `function`, which every unregistered call goes to.
static FUNCTION_CALL: OnceLock<CallSlot> = OnceLock::new();
static FUNCTION_VECTORCALL: OnceLock<VectorcallSlot> = OnceLock::new();

/// Writes of any function's `__code__`, `__defaults__` or `__kwdefaults__` so far: native
/// code that bound a callee's code or defaults checks those guards only when this moved
/// since it last did (`Guard::attribute_of`).
pub(crate) static FUNCTION_WRITES: AtomicU64 = AtomicU64::new(0);

/// How many functions are registered: with none, a call costs one load more.
static REGISTERED: AtomicUsize = AtomicUsize::new(0);

/// A registered function, by its address.
struct Registration {
    /// The function's version when registered, or after its last write of
    /// `__defaults__`: an address reused by a later object comes with another version.
    version: u32,
    /// Which registration this is ([`NEXT_REGISTRATION`]): the function's death removes
    /// its own entry, whatever its version is by then.
    id: u64,
    dispatcher: PyRef<Dispatcher>,
    /// The code the interpreter runs (automatic mode's, with its loops lifted).
    running: PyRef<PyCode>,
    /// A weak reference to the entry code, which only the function holds: its callback
    /// removes this entry when the function dies. (A weak reference to the function
    /// itself would show in `weakref.getweakrefcount(f)`.)
    _alive: PyObjectRef,
}

static REGISTRY: LazyLock<RwLock<AddressMap<Registration>>> = LazyLock::new(Default::default);

/// The next [`Registration::id`].
static NEXT_REGISTRATION: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// The descriptor of `function.__code__` from before this module's, which reads and
/// writes the code the function really holds.
static CODE_DESCRIPTOR: OnceLock<std::sync::Arc<crate::descriptors::Original>> = OnceLock::new();

fn address(function: &PyObject) -> usize {
    function as *const PyObject as usize
}

/// The dispatcher of `function` when automatic mode registered it.
pub(crate) fn dispatcher_of(function: &PyObject) -> Option<PyRef<Dispatcher>> {
    if REGISTERED.load(Ordering::Relaxed) == 0 {
        return None;
    }
    let version = function.downcast_ref::<PyFunction>()?.func_version();
    if version == 0 {
        return None;
    }
    let key = address(function);
    if !MAY_BE_REGISTERED.may_hold(key) {
        return None;
    }
    // The last function found, per thread: a loop calling one function takes no lock.
    // Sound because whatever ends a registration also changes the function's version
    // (its code is written back, or it died and the address went to a new object).
    let cached = LAST_FOUND.with(|last| {
        let last = last.borrow();
        match last.as_deref() {
            Some((k, v, dispatcher)) if *k == key && *v == version => Some(PyRef::clone(dispatcher)),
            _ => None,
        }
    });
    if cached.is_some() {
        return cached;
    }
    let found = {
        let registry = REGISTRY.read().unwrap_or_else(|poisoned| poisoned.into_inner());
        let entry = registry.get(&key)?;
        (entry.version == version).then(|| entry.dispatcher.clone())?
    };
    let previous =
        LAST_FOUND.with(|last| last.borrow_mut().replace(std::mem::ManuallyDrop::new((key, version, found.clone()))));
    // Dropped outside the borrow: a dispatcher's last reference may run a finalizer.
    drop(previous.map(std::mem::ManuallyDrop::into_inner));
    Some(found)
}

/// The addresses ever registered, as bits of a fixed table (never cleared): a call of a
/// function whose bit is clear, as most calls of a program's unregistered functions
/// are, goes to rustpython's slot without taking the registry's lock.
static MAY_BE_REGISTERED: AddressFilter = AddressFilter::new();

/// A one-hash Bloom filter of addresses.
struct AddressFilter {
    bits: [AtomicU64; AddressFilter::WORDS],
}

impl AddressFilter {
    const WORDS: usize = 128;

    const fn new() -> AddressFilter {
        AddressFilter { bits: [const { AtomicU64::new(0) }; AddressFilter::WORDS] }
    }

    fn position(address: usize) -> (usize, u64) {
        // Objects are 16-byte aligned: the low bits say nothing.
        const BITS: u32 = (AddressFilter::WORDS * 64).trailing_zeros();
        let bit = ((address as u64 >> 4).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - BITS)) as usize;
        (bit / 64, 1 << (bit % 64))
    }

    fn insert(&self, address: usize) {
        let (word, mask) = AddressFilter::position(address);
        self.bits[word].fetch_or(mask, Ordering::Relaxed);
    }

    fn may_hold(&self, address: usize) -> bool {
        let (word, mask) = AddressFilter::position(address);
        self.bits[word].load(Ordering::Relaxed) & mask != 0
    }
}

/// The last registration found on this thread: the function's address, its version, its
/// dispatcher.
type LastFound = (usize, u32, PyRef<Dispatcher>);

thread_local! {
    /// `ManuallyDrop`: a thread's last entry is never dropped at thread exit, when the
    /// interpreter may be gone.
    static LAST_FOUND: std::cell::RefCell<Option<std::mem::ManuallyDrop<LastFound>>> = const { std::cell::RefCell::new(None) };
}

/// Functions are keyed by address: a multiply-shift mix is all the hashing they need.
#[derive(Default)]
struct AddressHasher(u64);

impl std::hash::Hasher for AddressHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(byte)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_usize(&mut self, value: usize) {
        self.0 = (value as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_right(29);
    }
}

type AddressMap<V> = HashMap<usize, V, std::hash::BuildHasherDefault<AddressHasher>>;

fn call(function: &PyObject, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    match dispatcher_of(function) {
        Some(dispatcher) if !dispatcher.callee_only => {
            let result = super::call_dispatcher(&dispatcher, args, vm);
            leave_if_asked(function, &dispatcher, vm)?;
            result
        }
        _ => FUNCTION_CALL.get().expect("installed with the slot")(function, args, vm),
    }
}

fn vectorcall(
    function: &PyObject,
    args: Vec<PyObjectRef>,
    nargs: usize,
    kwnames: Option<&[PyObjectRef]>,
    vm: &VirtualMachine,
) -> PyResult {
    match dispatcher_of(function) {
        Some(dispatcher) if !dispatcher.callee_only => {
            let result = super::vectorcall_dispatcher(dispatcher.as_object(), args, nargs, kwnames, vm);
            leave_if_asked(function, &dispatcher, vm)?;
            result
        }
        _ => FUNCTION_VECTORCALL.get().expect("installed with the slot")(function, args, nargs, kwnames, vm),
    }
}

/// A dispatcher that gave up on its function (nothing compiles, or native code kept
/// deoptimizing) asks for this: the function goes back to the plain interpreter, and
/// its calls then cost what they cost without the JIT.
fn leave_if_asked(function: &PyObject, dispatcher: &Dispatcher, vm: &VirtualMachine) -> PyResult<()> {
    if dispatcher.take_leave_request() {
        // A function with lifted loops stays, its short calls running the code as
        // written (`plain_calls.rs`): as it left, each entry of its loops went through
        // their counting copies at every call.
        if dispatcher.keeps_plain_calls(vm) {
            dispatcher.interpreted_only.store(true, Ordering::Relaxed);
        } else {
            unregister(function, vm)?;
        }
    }
    Ok(())
}

/// The code `function` really holds (the entry code, for a registered function; the
/// code it runs, for a shadow), where `__code__` gives the code as written.
pub(super) fn held_code(function: &PyObject, vm: &VirtualMachine) -> PyResult<PyRef<PyCode>> {
    let descriptor = CODE_DESCRIPTOR.get().expect("installed at start-up");
    let code = descriptor.read(&function.to_owned(), vm)?;
    code.downcast().map_err(|_| vm.new_type_error("__code__ is not a code object".to_owned()))
}

fn hold_code(function: &PyObject, code: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
    let descriptor = CODE_DESCRIPTOR.get().expect("installed at start-up");
    descriptor.write(&function.to_owned(), code, vm)
}

/// The code as written for code automatic mode transformed (`code::ORIGINAL_CODE`).
pub(super) fn as_written(code: PyRef<PyCode>) -> PyRef<PyCode> {
    super::code::ORIGINAL_CODE.get(code.as_object()).unwrap_or(code)
}

/// Puts `function` under `dispatcher`, whose `py_func` is `shadow` (see the module
/// comment); `None` when `function` cannot be (not a plain Python function, or its
/// version counter ran out), and it then stays as it is.
pub(crate) fn register(
    function: &PyObjectRef,
    make_dispatcher: impl FnOnce(PyObjectRef) -> Dispatcher,
    short_ones_callee_only: bool,
    vm: &VirtualMachine,
) -> PyResult<Option<PyRef<Dispatcher>>> {
    let Some(func) = function.downcast_ref::<PyFunction>() else { return Ok(None) };
    if dispatcher_of(function).is_some() {
        return Ok(None);
    }
    let running = held_code(function, vm)?;
    if !running.code.flags.contains(CodeFlags::OPTIMIZED) {
        return Ok(None);
    }
    let shadow = make_shadow(function, &running, vm)?;
    let written = as_written(running.clone());
    let callee_only = short_ones_callee_only && is_callee_only(function, &written, vm);
    let with_flags = |code: &PyRef<PyCode>, flags: u32| {
        let co_flags = FuncArgs::with_kwargs_names(
            [vm.ctx.new_int(flags).into()].into_iter(),
            ["co_flags".to_owned()].into_iter(),
        );
        vm.call_method(code.as_object(), "replace", co_flags)
    };
    // A callee-only function holds a copy of its code as written, flagged as it was: the
    // interpreter runs its calls as it would without the JIT (and specializes their call
    // sites), the frames' code is the `__code__` it reads, and the copy, which only the
    // function holds, says when the function dies.
    let entry_code = if callee_only {
        with_flags(&written, written.code.flags.bits())?
    } else {
        with_flags(&running, running.code.flags.bits() & !CodeFlags::OPTIMIZED.bits())?
    };
    hold_code(function, entry_code.clone(), vm)?;
    let version = func.get_version_for_current_state();
    if version == 0 {
        hold_code(function, running.into(), vm)?;
        return Ok(None);
    }
    // What the function runs again if it leaves: a callee-only function its code as
    // written (the copy it holds is held by nothing else, so that its weak reference
    // says when the function dies).
    let running = if callee_only { written } else { running };
    let dispatcher = Dispatcher { callee_only, ..make_dispatcher(shadow) }.into_ref(&vm.ctx);
    let key = address(function);
    // Before the registry holds it: a call on another thread that sees the entry sees the bit.
    MAY_BE_REGISTERED.insert(key);
    let id = NEXT_REGISTRATION.fetch_add(1, Ordering::Relaxed);
    let forget = vm.new_function("forget", move |_reference: PyObjectRef| {
        // Dropped here, with the lock released: the shadow's globals may hold other
        // registered functions, whose own callbacks take the lock.
        drop(take_dead_registration(key, id));
    });
    let alive = entry_code.downgrade(Some(forget.into()), vm)?;
    drop(entry_code);
    let previous = REGISTRY
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .insert(key, Registration { version, id, dispatcher: dispatcher.clone(), running, _alive: alive.into() });
    if previous.is_none() {
        REGISTERED.fetch_add(1, Ordering::Relaxed);
    }
    Ok(Some(dispatcher))
}

/// Whether `function`, whose code as written is `code`, is callee-only: no loop, fewer
/// instructions than [`CALLEE_ONLY_INSTRUCTIONS`](pynum_jit::policy::CALLEE_ONLY_INSTRUCTIONS),
/// and no call but of builtins and of attributes (`math.sqrt`), so that its calls from
/// the interpreter gain nothing in native code. A call of a global Python function, or of
/// a name not yet bound (a function calling itself is defined before its name is), may
/// be recursion, whose calls from the interpreter are the function's own: `fib` compiled
/// this way ran `fib(25)` in 2 ms against 41 ms interpreted.
fn is_callee_only(function: &PyObjectRef, code: &PyRef<PyCode>, vm: &VirtualMachine) -> bool {
    let Ok(bytecode) = pynum_jit::bytecode::decode(&code.code) else { return false };
    if bytecode.instrs.len() >= pynum_jit::policy::CALLEE_ONLY_INSTRUCTIONS
        || !pynum_jit::cfg::Cfg::build(&bytecode).loops.is_empty()
    {
        return false;
    }
    let Ok(ir) = super::code::analyzed(code) else { return false };
    // Read as `LiveEnv::build` reads them: the dict's own entries, so that no code of the
    // program's (a dict subclass's `__getitem__`) runs at a `def`.
    let Some(globals) = function.get_attr("__globals__", vm).ok().and_then(|g| g.downcast::<PyDict>().ok()) else {
        return false;
    };
    let builtins = vm.builtins.dict();
    let globals_from: std::collections::HashMap<&pynum_jit::ir::Var, &str> = ir
        .blocks
        .iter()
        .flat_map(|block| &block.insts)
        .filter_map(|inst| match &inst.kind {
            pynum_jit::ir::InstKind::Assign { target, value: pynum_jit::ir::Expr::Global(name) } => {
                Some((target, name.as_str()))
            }
            _ => None,
        })
        .collect();
    let calls_only_builtins = |callee: &pynum_jit::ir::Var| match globals_from.get(callee) {
        // An attribute's call (a method, a module's function).
        None => true,
        Some(&name) => {
            let bound = globals
                .get_item_opt(name, vm)
                .ok()
                .flatten()
                .or_else(|| builtins.get_item_opt(name, vm).ok().flatten());
            bound.is_some_and(|value| value.downcast_ref::<PyFunction>().is_none() && dispatcher_of(&value).is_none())
        }
    };
    let only_builtins = ir.blocks.iter().flat_map(|block| &block.insts).all(|inst| match &inst.kind {
        pynum_jit::ir::InstKind::Assign { value: pynum_jit::ir::Expr::Call { func, .. }, .. }
        | pynum_jit::ir::InstKind::Discard(pynum_jit::ir::Expr::Call { func, .. }) => calls_only_builtins(func),
        _ => true,
    });
    only_builtins
}

/// A plain function running `code` with `function`'s globals, name, defaults and closure.
pub(super) fn make_shadow(function: &PyObjectRef, code: &PyRef<PyCode>, vm: &VirtualMachine) -> PyResult<PyObjectRef> {
    let get = |name: &'static str| function.get_attr(name, vm);
    let shadow = vm.ctx.types.function_type.as_object().call(
        (
            code.clone(),
            get("__globals__")?,
            get("__name__")?,
            get("__defaults__")?,
            get("__closure__")?,
            get("__kwdefaults__")?,
        ),
        vm,
    )?;
    shadow.set_attr("__qualname__", get("__qualname__")?, vm)?;
    Ok(shadow)
}

/// Takes `function` out of automatic mode: it holds its running code again and calls go
/// to the interpreter directly (rustpython may specialize its call sites again).
pub(crate) fn unregister(function: &PyObject, vm: &VirtualMachine) -> PyResult<()> {
    let Some(func) = function.downcast_ref::<PyFunction>() else { return Ok(()) };
    if let Some(entry) = take_registration(address(function), func.func_version()) {
        hold_code(function, entry.running.into(), vm)?;
    }
    Ok(())
}

/// Removes the registration at `key` if it still belongs to the function's `version`;
/// the caller drops it after the registry's lock is released.
fn take_registration(key: usize, version: u32) -> Option<Registration> {
    take_registration_if(key, |entry| entry.version == version)
}

/// Removes registration `id` of a function that died, if it is still at `key` (a
/// `__defaults__` write changed its version since: the version's test leaked the entry,
/// its dispatcher and the shadow's globals).
fn take_dead_registration(key: usize, id: u64) -> Option<Registration> {
    take_registration_if(key, |entry| entry.id == id)
}

fn take_registration_if(key: usize, belongs: impl Fn(&Registration) -> bool) -> Option<Registration> {
    let removed = {
        let mut registry = REGISTRY.write().unwrap_or_else(|poisoned| poisoned.into_inner());
        match registry.get(&key) {
            Some(entry) if belongs(entry) => registry.remove(&key),
            _ => None,
        }
    };
    if removed.is_some() {
        REGISTERED.fetch_sub(1, Ordering::Relaxed);
        // This thread's last hit must not keep the dispatcher (and the shadow's defaults
        // and globals) alive either; dropped outside the borrow.
        let last = LAST_FOUND.with(|last| {
            let mut last = last.borrow_mut();
            if last.as_deref().is_some_and(|(found, _, _)| *found == key) {
                last.take()
            } else {
                None
            }
        });
        drop(last.map(std::mem::ManuallyDrop::into_inner));
    }
    removed
}

/// Replaces the call slots and the `__code__`, `__defaults__` and `__kwdefaults__`
/// descriptors of `function` (after `function_defaults`, whose descriptors these wrap).
pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    let function_type = vm.ctx.types.function_type;
    let slots = &function_type.slots;
    if let (Some(call_slot), Some(vectorcall_slot)) = (slots.call.load(), slots.vectorcall.load()) {
        if FUNCTION_CALL.set(call_slot).is_ok() && FUNCTION_VECTORCALL.set(vectorcall_slot).is_ok() {
            slots.call.store(Some(call));
            slots.vectorcall.store(Some(vectorcall));
        }
    }
    let code = crate::descriptors::replace_getset(
        vm,
        function_type,
        "__code__",
        |_, function, vm| {
            let running = match dispatcher_of(&function) {
                // A callee-only function runs the copy it holds: its frames' code.
                Some(dispatcher) if dispatcher.callee_only => held_code(&function, vm)?,
                Some(_) => registered_running_code(&function).map_or_else(|| held_code(&function, vm), Ok)?,
                None => held_code(&function, vm)?,
            };
            Ok(as_written(running).into())
        },
        |original, function, value, vm| {
            // New code: what was compiled is stale and the function leaves automatic mode.
            unregister(&function, vm)?;
            FUNCTION_WRITES.fetch_add(1, Ordering::Relaxed);
            original.write(&function, value, vm)
        },
    )?;
    if let Some(code) = code {
        let _ = CODE_DESCRIPTOR.set(code);
    }
    for name in ["__defaults__", "__kwdefaults__"] {
        crate::descriptors::replace_getset(
            vm,
            function_type,
            name,
            |original, function, vm| original.read(&function, vm),
            move |original, function, value, vm| {
                let dispatcher = dispatcher_of(&function);
                FUNCTION_WRITES.fetch_add(1, Ordering::Relaxed);
                original.write(&function, value.clone(), vm)?;
                if let Some(dispatcher) = dispatcher {
                    // The shadow runs the calls: it takes the new defaults, and the
                    // registration the function's new version.
                    super::shadow_of(&dispatcher).set_attr(name, value, vm)?;
                    dispatcher.forget_specializations();
                    refresh_version(&function);
                }
                Ok(())
            },
        )?;
    }
    Ok(())
}

/// The code `function` runs (automatic mode's, with its loops lifted), whatever its
/// `__code__` reads.
pub(crate) fn running_code(function: &PyObject, vm: &VirtualMachine) -> PyResult<PyRef<PyCode>> {
    match registered_running_code(function) {
        Some(code) if dispatcher_of(function).is_some() => Ok(code),
        _ => held_code(function, vm),
    }
}

fn registered_running_code(function: &PyObject) -> Option<PyRef<PyCode>> {
    let registry = REGISTRY.read().unwrap_or_else(|poisoned| poisoned.into_inner());
    registry.get(&address(function)).map(|entry| entry.running.clone())
}

/// After a write that changed a registered function's version (`__defaults__`).
fn refresh_version(function: &PyObject) {
    let Some(func) = function.downcast_ref::<PyFunction>() else { return };
    let version = func.get_version_for_current_state();
    let mut registry = REGISTRY.write().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(entry) = registry.get_mut(&address(function)) {
        entry.version = version;
    }
}
