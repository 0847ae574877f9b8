//! Deferred lifted loops: a `for` loop lifted without an on-stack copy, which would
//! compile at its first entry, waits under a policy that weighs time while its entries'
//! inputs are small and its interpreted runs have not yet cost as much as a compile
//! (`policy::DEFERRAL_SIZE_LIMIT`, `policy::COMPILE_PAYBACK`).
//!
//! Assumes the loop's interpreted copy iterates through `__pynum__.timed`
//! (`looplift::LoopStart::Deferrable`), whose iterator for a deferred entry ([`TimedRun`])
//! counts the run's time when it ends, however it ends.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::Instant;

use pynum_jit::policy::DEFERRAL_SIZE_LIMIT;
use rustpython_vm::builtins::{PyByteArray, PyBytes, PyCode, PyDict, PyInt, PyModule, PyStr};
use rustpython_vm::protocol::{PyIter, PyIterReturn};
use rustpython_vm::types::{IterNext, Iterable, SelfIter};
use rustpython_vm::{
    pyclass, AsObject, Py, PyObject, PyObjectRef, PyPayload, PyRef, PyResult, Traverse, VirtualMachine,
};

use super::Dispatcher;

thread_local! {
    /// Interpreted calls of functions not yet worth compiling that this thread is
    /// timing now, and the native time spent inside them ([`WarmingCall`]).
    static NATIVE_NANOS_WHILE_WARMING: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// Compiles this thread ran or handed to the compile thread (their main-thread
    /// share), in nanoseconds: not interpreted time either.
    static COMPILE_NANOS_ON_THIS_THREAD: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The timed regions this thread is in now, innermost last ([`NativeInside`]): while
    /// there is one, native calls are timed.
    static ENCLOSING_REGIONS: std::cell::RefCell<Vec<Region>> = const { std::cell::RefCell::new(Vec::new()) };
    static NEXT_REGION: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// A timed interpreted call or run this thread is in: when it began (nanoseconds after
/// [`epoch`]), the interpreted time its own compile waits for, and the native and
/// compile time the thread had counted when it began.
#[derive(Debug, Clone, Copy)]
struct Region {
    id: u64,
    began: u64,
    needed: u64,
    native_before: u64,
    compiling_before: u64,
}

/// Whether a loop inside the timed region this thread is in now should wait longer for
/// its own compile (`ENCLOSED_PAYBACK_FACTOR`), the region being expected to compile with
/// it inside at its next entry: only while the region's current run has not yet cost the
/// interpreter what its own compile waits for. A run that has (mandelbrot's `for y`
/// loop, entered once and running 300 rows) would compile now if it could; it cannot
/// before its next entry, which may never come, and its inner loop then waited 8 times
/// its payback: 43 ms of the 82 ms the program took at tier 1, against 44 ms in all when
/// it compiles at once.
pub(super) fn enclosing_region_will_compile_first() -> bool {
    ENCLOSING_REGIONS.with(|regions| {
        let regions = regions.borrow();
        let Some(region) = regions.last() else { return false };
        let interpreted = now_nanos().saturating_sub(region.began).saturating_sub(region.native_and_compiling());
        interpreted < region.needed
    })
}

/// A compile on this thread in progress (`Dispatcher::compile_quietly`'s): its time,
/// counted when it ends, is not the interpreted time of the timed call or run around it
/// (an on-stack replacement compiles inside the call whose loop got hot: a call of
/// tests/cli.rs's `f(300_000)`, 0.1 ms interpreted and 1.7 ms compiling its loop, paid
/// for compiling `f` whole once the calls stopped counting to eight).
pub(super) struct CompileOnThisThread(Instant);

impl CompileOnThisThread {
    pub(super) fn start() -> CompileOnThisThread {
        CompileOnThisThread(Instant::now())
    }
}

impl Drop for CompileOnThisThread {
    fn drop(&mut self) {
        let elapsed = self.0.elapsed().as_nanos() as u64;
        COMPILE_NANOS_ON_THIS_THREAD.with(|n| n.set(n.get().saturating_add(elapsed)));
    }
}

/// After its first two, one warming call in this many is timed, and counts for the calls
/// since the last timed one: two clock reads and a timed region cost each call of a
/// one-line function 0.04 us (1,500 calls from a loop: 0.694 us a call timed every time,
/// 0.657 one in four, against 0.31 us without the JIT).
pub(super) const WARMING_CALLS_PER_SAMPLE: u64 = 4;

/// An interpreted call timed toward compiling its function
/// ([`pynum_jit::policy::JitConfig::interpreted_time_before_compiling`]): its time less
/// what native code called inside it took (a lifted loop that already runs natively),
/// which compiling the function would not shorten, and less the compiles made inside it. `advance` in 220_nested_lists.py
/// spent nearly all its calls in its native loop and then compiled whole for 4.4 ms.
pub(super) struct WarmingCall {
    started: Instant,
    native: NativeInside,
}

impl WarmingCall {
    /// A call of a function whose compile waits for `needed` of interpreted time.
    pub(super) fn start(needed: std::time::Duration) -> WarmingCall {
        WarmingCall { started: Instant::now(), native: NativeInside::enter(needed) }
    }

    /// The call's interpreted time, and the time it spent in native code and compiles,
    /// in nanoseconds.
    pub(super) fn finish(self) -> (u64, u64) {
        let native = self.native.leave();
        ((self.started.elapsed().as_nanos() as u64).saturating_sub(native), native)
    }
    /// Whether a native call now runs inside a timed interpreted call (it is then timed
    /// too, and [`WarmingCall::count_native`] told its time).
    pub(super) fn active() -> bool {
        ENCLOSING_REGIONS.with(|regions| !regions.borrow().is_empty())
    }

    pub(super) fn count_native(elapsed: std::time::Duration) {
        NATIVE_NANOS_WHILE_WARMING.with(|n| n.set(n.get() + elapsed.as_nanos() as u64));
    }
}

/// A timed interpreted call or run in progress on this thread ([`WarmingCall`],
/// [`TimedRun`]): while one is, native calls are timed, and `leave` gives the time spent
/// since `enter` in native code and in compiles. (Left on another thread than its own,
/// as a run dropped there may be, its region stays in its own thread's list: at worst
/// that thread times a few native calls more, and its loops wait as inside a region.)
#[derive(Debug)]
pub(super) struct NativeInside {
    /// Its entry in this thread's [`ENCLOSING_REGIONS`], as pushed.
    region: Region,
}

impl NativeInside {
    /// Enters a region whose own compile waits for `needed` of interpreted time.
    fn enter(needed: std::time::Duration) -> NativeInside {
        let id = NEXT_REGION.with(|next| {
            next.set(next.get() + 1);
            next.get()
        });
        let region = Region {
            id,
            began: now_nanos(),
            needed: u64::try_from(needed.as_nanos()).unwrap_or(u64::MAX),
            native_before: NATIVE_NANOS_WHILE_WARMING.with(|n| n.get()),
            compiling_before: COMPILE_NANOS_ON_THIS_THREAD.with(|n| n.get()),
        };
        ENCLOSING_REGIONS.with(|regions| regions.borrow_mut().push(region));
        NativeInside { region }
    }

    /// Nanoseconds since `enter` in native code and in compiles; call once.
    fn leave(&self) -> u64 {
        // Runs may end out of order (an iterator a generator keeps), or on another thread.
        ENCLOSING_REGIONS.with(|regions| regions.borrow_mut().retain(|region| region.id != self.region.id));
        self.region.native_and_compiling()
    }
}

impl Region {
    /// Nanoseconds this thread has spent in native code and in compiles since the region
    /// began.
    fn native_and_compiling(&self) -> u64 {
        let native = NATIVE_NANOS_WHILE_WARMING.with(|n| n.get()).saturating_sub(self.native_before);
        let compiling = COMPILE_NANOS_ON_THIS_THREAD.with(|n| n.get()).saturating_sub(self.compiling_before);
        native.saturating_add(compiling)
    }
}

/// The values that tell how much work an entry has: arguments by position, and globals
/// by name (builtins among them are never big). Asked at every call of a function that
/// compiles at a big call, so the names are interned (their hashes kept) at the first.
#[derive(Debug)]
pub(crate) struct BigInputs {
    arguments: Vec<usize>,
    globals: Vec<String>,
    interned: OnceLock<Vec<&'static rustpython_vm::builtins::PyStrInterned>>,
}

/// The names of `code`'s parameters.
fn parameters(code: &PyCode) -> &[&'static rustpython_vm::builtins::PyStrInterned] {
    &code.code.varnames[..(code.code.arg_count as usize).min(code.code.varnames.len())]
}

impl BigInputs {
    /// For `code`, a function or a lifted loop's hidden function, whose loops'
    /// iterables read `names`.
    pub(crate) fn of_names(code: &PyCode, names: &[String]) -> BigInputs {
        let position = |name: &String| parameters(code).iter().position(|p| p.as_str() == name);
        BigInputs {
            arguments: names.iter().filter_map(position).collect(),
            globals: names.iter().filter(|n| position(n).is_none()).cloned().collect(),
            interned: OnceLock::new(),
        }
    }

    /// For a whole function (`code`): every parameter, and every name its code reads.
    pub(crate) fn of_function(code: &PyCode) -> BigInputs {
        BigInputs {
            arguments: (0..parameters(code).len()).collect(),
            globals: code.code.names.iter().map(|name| name.as_str().to_owned()).collect(),
            interned: OnceLock::new(),
        }
    }

    /// Whether an entry with `args` into a function whose globals are `globals` is big
    /// enough to compile at once: one of these values of [`DEFERRAL_SIZE_LIMIT`] or more.
    pub(super) fn entry_is_big(
        &self,
        args: &[PyObjectRef],
        globals: Option<&PyRef<PyDict>>,
        modules: Modules,
        vm: &VirtualMachine,
    ) -> bool {
        if self.arguments.iter().any(|&i| args.get(i).is_none_or(|arg| is_big(arg, vm))) {
            return true;
        }
        if self.globals.is_empty() {
            return false;
        }
        // Only a plain dict is read, so that no code of the program's runs; other
        // globals count as big.
        let Some(globals) = globals.filter(|globals| globals.as_object().class().is(vm.ctx.types.dict_type)) else {
            return true;
        };
        let names =
            self.interned.get_or_init(|| self.globals.iter().map(|name| vm.ctx.intern_str(name.as_str())).collect());
        let big = |value: PyObjectRef| match modules {
            Modules::Small if value.downcast_ref::<PyModule>().is_some() => false,
            _ => is_big(&value, vm),
        };
        names.iter().any(|&name| globals.get_item_opt(name, vm).ok().flatten().is_some_and(big))
    }
}

/// How [`BigInputs::entry_is_big`] sizes a module among the globals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Modules {
    /// By its attributes, as any object (a module of more than
    /// [`MAX_SIZED_ATTRIBUTES`] is big).
    ByAttributes,
    /// Never big: a function's code names `math` and `sys` for their functions far more
    /// often than a loop runs to a module's attribute (`range(config.N)`, then taken as
    /// small).
    Small,
}

/// What a deferred loop's dispatcher knows of its inputs, and the run going on.
#[derive(Debug)]
pub(crate) struct Deferral {
    /// The values the loop's iterable reads.
    pub(super) inputs: BigInputs,
    /// When the interpreted run going on began (nanoseconds after [`epoch`]), 0 when none.
    entered_at: AtomicU64,
}

fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

/// Nanoseconds since the first reading in this process (never 0).
pub(super) fn now_nanos() -> u64 {
    // At least 1: 0 means no run.
    (epoch().elapsed().as_nanos() as u64).max(1)
}

impl Deferral {
    /// For the hidden function `code`, whose loop's iterable reads `trip_names`.
    pub(crate) fn new(code: &PyCode, trip_names: &[String]) -> Deferral {
        Deferral { inputs: BigInputs::of_names(code, trip_names), entered_at: AtomicU64::new(0) }
    }

    /// An interpreted run begins: the dispatcher deferred this entry.
    pub(super) fn entered(&self) {
        if self.entered_at.swap(now_nanos(), Ordering::Relaxed) == 0 {
            PENDING_ENTRIES.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// When the entry the dispatcher deferred last began, if no run took it yet (the
    /// interpreted copy's `timed` takes it as it starts iterating).
    pub(super) fn take_entry(&self) -> Option<u64> {
        let began = self.entered_at.swap(0, Ordering::Relaxed);
        (began != 0).then(|| {
            PENDING_ENTRIES.fetch_sub(1, Ordering::Relaxed);
            began
        })
    }
}

/// Dispatchers with a deferred entry no run has taken yet: almost always none, so that
/// `timed` answers every other entry without finding its dispatcher (a loop called a
/// million times that typing turned down pays one call of it per entry).
static PENDING_ENTRIES: AtomicUsize = AtomicUsize::new(0);

/// Whether any deferred entry waits for its run to take it.
pub(super) fn any_pending_entry() -> bool {
    PENDING_ENTRIES.load(Ordering::Relaxed) != 0
}

/// The iterator a deferred entry's interpreted copy iterates through: the iterable's own
/// iterator, with the run's time added to the dispatcher's interpreted time once, when
/// it runs out or is dropped (after a `break`, or an exception that left the loop).
#[pyclass(module = false, name = "timed_run", traverse)]
#[derive(Debug, PyPayload)]
pub(crate) struct TimedRun {
    dispatcher: PyRef<Dispatcher>,
    iterator: PyIter,
    #[pytraverse(skip)]
    entered: u64,
    /// Native code the run calls does not count as its time.
    #[pytraverse(skip)]
    native: NativeInside,
    #[pytraverse(skip)]
    counted: AtomicBool,
}

impl TimedRun {
    /// The run that began at `entered` (nanoseconds after [`epoch`]), over `iterable`.
    pub(super) fn start(
        dispatcher: PyRef<Dispatcher>,
        iterable: PyObjectRef,
        entered: u64,
        vm: &VirtualMachine,
    ) -> PyResult {
        let _ = <TimedRun as rustpython_vm::class::PyClassImpl>::make_static_type();
        let iterator = iterable.get_iter(vm)?;
        let native = NativeInside::enter(dispatcher.compile_payback(vm));
        let run = TimedRun { dispatcher, iterator, entered, native, counted: AtomicBool::new(false) };
        Ok(run.into_ref(&vm.ctx).into())
    }

    fn count(&self) {
        if !self.counted.swap(true, Ordering::Relaxed) {
            let native = self.native.leave();
            let ran = now_nanos().saturating_sub(self.entered).saturating_sub(native);
            self.dispatcher.interpreted_nanos.fetch_add(ran, Ordering::Relaxed);
        }
    }
}

impl Drop for TimedRun {
    fn drop(&mut self) {
        self.count();
    }
}

#[pyclass(with(IterNext, Iterable))]
impl TimedRun {}

impl SelfIter for TimedRun {}

impl IterNext for TimedRun {
    fn next(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<PyIterReturn> {
        let next = zelf.iterator.next(vm)?;
        if matches!(next, PyIterReturn::StopIteration(_)) {
            zelf.count();
        }
        Ok(next)
    }
}

/// Whether none of `args` is big ([`DEFERRAL_SIZE_LIMIT`]): a call whose work grows
/// with its arguments is then short (`first_calls.rs`).
pub(super) fn arguments_are_small(args: &[PyObjectRef], vm: &VirtualMachine) -> bool {
    !args.iter().any(|arg| is_big(arg, vm))
}

/// An int of [`DEFERRAL_SIZE_LIMIT`] or more in magnitude, or a list, tuple, dict, str,
/// bytes or bytearray of that length (a `bool` is not an int here; user classes are not measured,
/// since their `__len__` would run the program's code).
fn is_big(value: &PyObject, vm: &VirtualMachine) -> bool {
    is_big_itself(value, vm) || has_big_attribute(value, vm)
}

/// Whether an object whose attributes a loop's bound reads (`range(poly.degree)`, `for b
/// in self.bodies`) holds a big value in its own `__dict__` (one level, as the bound
/// reads them; an object with more than [`MAX_SIZED_ATTRIBUTES`] counts as big).
fn has_big_attribute(value: &PyObject, vm: &VirtualMachine) -> bool {
    let Some(dict) = value.dict() else { return false };
    if dict.__len__() > MAX_SIZED_ATTRIBUTES {
        return true;
    }
    dict.into_iter().any(|(_, attribute)| is_big_itself(&attribute, vm))
}

/// The most attributes of an object [`has_big_attribute`] looks at.
const MAX_SIZED_ATTRIBUTES: usize = 64;

fn is_big_itself(value: &PyObject, vm: &VirtualMachine) -> bool {
    let limit = DEFERRAL_SIZE_LIMIT;
    let at_least = |len: usize| len as u64 >= limit;
    if let Some(int) = value.downcast_ref_if_exact::<PyInt>(vm) {
        let magnitude = int.as_bigint().magnitude();
        return magnitude >= &malachite_bigint::BigUint::from(limit);
    }
    if let Some(len) = super::boxing::container_len(value) {
        return at_least(len);
    }
    if let Some(text) = value.downcast_ref::<PyStr>() {
        return at_least(text.byte_len());
    }
    if let Some(bytes) = value.downcast_ref::<PyBytes>() {
        return at_least(bytes.len());
    }
    if let Some(bytes) = value.downcast_ref::<PyByteArray>() {
        return at_least(bytes.borrow_buf().len());
    }
    false
}
