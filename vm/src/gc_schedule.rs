//! CPython's generational collection schedule on top of rustpython's collector: older
//! generations collected automatically, `gc.get_count`, `gc.collect(generation)` and
//! `gc.callbacks` as CPython documents them.
//!
//! rustpython's automatic collection only ever collects the youngest generation, so a
//! cycle that survived one young collection stayed until an explicit `gc.collect()`.
//! Its schedule cannot be configured, so pynum follows it from outside: a *tick*, an
//! unreachable object cycle with a weak reference on it, dies in every collection (it is
//! always in the young generation), and the weak reference's callback makes CPython's
//! choice of generation (`gc_collect_generations` in `Modules/gcmodule.c`: the oldest
//! generation whose count exceeds its threshold, the oldest one only once the objects
//! promoted into it since its last collection are a quarter of those that survived it).
//! When that is an older generation, the collection is queued as a pending call
//! (rustpython's user-signal channel) and runs at the next bytecode boundary of the main
//! thread, once the young collection has let go of the collector.
//!
//! Only young collections that run on the main thread lead to older ones (and are
//! reported to `gc.callbacks`): a program that allocates only on other threads while
//! the main thread waits keeps rustpython's young-only schedule.
//!
//! Assumes `interpreter::build` gave the interpreter the channel's receiver. Pending calls
//! ride on `_signal`'s eval-breaker check, so [`install`] imports `_signal`.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};

use rustpython_vm::{
    builtins::{PyBaseExceptionRef, PyDictRef},
    gc_state::{gc_state, CollectResult},
    object::PyWeak,
    signal::UserSignalSender,
    AsObject, PyObjectRef, PyRef, PyResult, VirtualMachine,
};

/// CPython 3.13's thresholds: a young collection after 2000 allocations more than
/// deallocations (rustpython's own default; 3.11's 700 made allocation-heavy programs up
/// to twice as slow again, as rustpython's collections cost more per object), a middle
/// one after 10 young ones, an old one after 10 middle ones.
const CPYTHON_THRESHOLDS: (u32, u32, u32) = (2000, 10, 10);

/// How many full collections in a row may find mostly live objects before the growth
/// of the older generations stops calling for them: two, as the first one may come
/// before the objects it examined had time to die (a ring buffer still filling up).
const UNPAID_FULL_COLLECTIONS_TOLERATED: u32 = 2;

/// The tick's class: no `__dict__`, so a collection that finds the tick counts one
/// object, and a weak reference slot for the callback.
const TICK_CLASS_NAME: &str = "_pynum_gc_tick";

/// CPython's per-interpreter counters that rustpython does not keep (its `get_count`
/// reports how many objects each generation holds).
#[derive(Default)]
struct Counters {
    /// Young collections since the last middle (or full) one: `get_count()[1]`.
    young_collections: u32,
    /// Middle collections since the last full one: `get_count()[2]`.
    middle_collections: u32,
    /// Objects promoted into the oldest generation since the last full collection.
    long_lived_pending: usize,
    /// Objects the oldest generation held after the last full collection.
    long_lived_total: usize,
    /// Full collections in a row that found less than half of what the older
    /// generations had gained since the one before to be garbage (see `generation_due`).
    unpaid_full_collections: u32,
}

struct Schedule {
    /// The schedule itself, for the pending calls its tick callback queues.
    me: Weak<Schedule>,
    counters: Mutex<Counters>,
    /// The weak reference on the current tick; `None` while no tick is armed.
    tick: Mutex<Option<PyRef<PyWeak>>>,
    tick_class: PyObjectRef,
    /// The weak reference callback every tick carries. It holds the schedule weakly: a
    /// cycle through the `Arc` would never be freed.
    on_tick: PyObjectRef,
    /// Pending calls into the main thread's interpreter loop.
    pending_calls: UserSignalSender,
    /// The thread that runs pending calls (the one that built the interpreter).
    main_thread: std::thread::ThreadId,
    /// A collection pynum started (explicit or scheduled) is running: the tick dying in
    /// it is not a young collection of rustpython's own.
    collecting: AtomicBool,
    /// Ticks that died in the collection pynum started, which its result must not count.
    ticks_in_own_collection: AtomicUsize,
    /// What rustpython's young collections had collected before the latest one began.
    young_collected_before: AtomicUsize,
    /// The generation a queued pending call is to collect (0: only re-arm, and report a
    /// young collection to `gc.callbacks`); `None` while no pending call is queued.
    owed: Mutex<Option<usize>>,
}

/// Sets CPython's thresholds and replaces `gc.collect`, `gc.get_count` and `gc.freeze`
/// with the scheduled versions.
pub fn install(vm: &VirtualMachine, pending_calls: UserSignalSender) -> PyResult<()> {
    vm.import("_signal", 0)?;
    let (young, middle, old) = CPYTHON_THRESHOLDS;
    vm.state.gc.set_threshold(young, Some(middle), Some(old));
    // type(name, bases, namespace) rather than running source: `run_string` registers
    // its source with `linecache`, which imported that module at every start.
    let slots = vm.ctx.new_tuple(vec![vm.ctx.new_str("cycle").into(), vm.ctx.new_str("__weakref__").into()]);
    let namespace = vm.ctx.new_dict();
    namespace.set_item("__slots__", slots.into(), vm)?;
    let bases = vm.ctx.new_tuple(vec![vm.ctx.types.object_type.to_owned().into()]);
    let tick_class = vm.ctx.types.type_type.as_object().call((TICK_CLASS_NAME, bases, namespace), vm)?;
    let schedule = Arc::new_cyclic(|me: &Weak<Schedule>| {
        let callback_schedule = me.clone();
        let on_tick = vm.new_function("_pynum_gc_tick_died", move |reference: PyObjectRef, vm: &VirtualMachine| {
            if let Some(schedule) = callback_schedule.upgrade() {
                schedule.tick_died(&reference, vm);
            }
        });
        Schedule {
            me: me.clone(),
            counters: Mutex::new(Counters {
                // What start-up made counts as kept by a full collection: the first
                // full collection weighs what the program added.
                long_lived_total: {
                    let (young, middle, old) = gc_state().get_count();
                    young + middle + old
                },
                ..Counters::default()
            }),
            tick: Mutex::new(None),
            tick_class,
            on_tick: on_tick.into(),
            pending_calls,
            main_thread: std::thread::current().id(),
            collecting: AtomicBool::new(false),
            ticks_in_own_collection: AtomicUsize::new(0),
            young_collected_before: AtomicUsize::new(0),
            owed: Mutex::new(None),
        }
    });

    let gc = vm.import("gc", 0)?;
    let collecting = schedule.clone();
    let collect = vm.new_function("collect", move |args: CollectArgs, vm: &VirtualMachine| {
        collecting.collect_explicitly(args.generation, vm)
    });
    let counting = schedule.clone();
    let get_count = vm.new_function("get_count", move |vm: &VirtualMachine| {
        let young = gc_state().get_count().0;
        let counters = counting.counters.lock().unwrap();
        vm.new_tuple((young, counters.young_collections, counters.middle_collections))
    });
    let real_freeze = gc.get_attr("freeze", vm)?;
    let freezing = schedule.clone();
    let freeze = vm.new_function("freeze", move |vm: &VirtualMachine| -> PyResult<()> {
        // A frozen tick would never die again, and would count as one of the
        // program's frozen objects.
        freezing.disarm(vm)?;
        real_freeze.call((), vm)?;
        freezing.arm(vm)
    });
    gc.set_attr("collect", collect, vm)?;
    gc.set_attr("get_count", get_count, vm)?;
    gc.set_attr("freeze", freeze, vm)?;
    schedule.arm(vm)
}

/// `gc.collect(generation=2)`.
#[derive(rustpython_vm::FromArgs)]
struct CollectArgs {
    #[pyarg(any, default = 2)]
    generation: i32,
}

impl Schedule {
    /// Makes a new tick, an object that refers to itself, held by nothing else, unless
    /// one is armed.
    fn arm(&self, vm: &VirtualMachine) -> PyResult<()> {
        if self.tick.lock().unwrap().as_ref().is_some_and(|tick| tick.upgrade().is_some()) {
            return Ok(());
        }
        let tick = self.tick_class.call((), vm)?;
        tick.set_attr("cycle", tick.clone(), vm)?;
        let reference = tick.downgrade(Some(self.on_tick.clone()), vm)?;
        *self.tick.lock().unwrap() = Some(reference);
        Ok(())
    }

    /// Frees the current tick now, by breaking its cycle, without counting it.
    fn disarm(&self, vm: &VirtualMachine) -> PyResult<()> {
        let reference = self.tick.lock().unwrap().take();
        match reference.and_then(|reference| reference.upgrade()) {
            Some(tick) => tick.del_attr("cycle", vm),
            None => Ok(()),
        }
    }

    /// The tick's weak reference callback: a collection is running and found the tick.
    ///
    /// The next tick is not made here: the collection has not reset its count of young
    /// objects yet, so allocating it scheduled a second young collection at once (twice
    /// as many young collections as the threshold asks for, each one clearing the type
    /// cache, and `get_count()[1]` counting both). On the main thread a pending call
    /// makes it once the collection is over; a collection pynum started re-arms when it
    /// returns.
    fn tick_died(&self, reference: &PyObjectRef, vm: &VirtualMachine) {
        {
            let mut current = self.tick.lock().unwrap();
            if !current.as_ref().is_some_and(|tick| tick.as_object().is(reference)) {
                return; // a tick `disarm` let go of
            }
            *current = None;
        }
        if self.collecting.load(Ordering::Relaxed) {
            self.ticks_in_own_collection.fetch_add(1, Ordering::Relaxed);
            return;
        }
        crate::large_blocks::expire_now();
        // One of rustpython's automatic young collections. CPython would have collected
        // the generation it chooses here instead.
        let generation = self.generation_due(vm);
        if generation == 0 {
            self.counters.lock().unwrap().young_collections += 1;
        }
        // Only the main thread runs pending calls, and until it does, every other thread
        // takes the interpreter loop's slow path at each instruction (a worker allocating
        // while the main thread waits in `join` ran three times slower). An older
        // collection chosen here is left owing: the counters still call for it, so the
        // next young collection on the main thread chooses it again. The tick is made
        // at once (fails only while the interpreter shuts down, when no schedule is
        // needed; reporting it would print on the program's stderr).
        if std::thread::current().id() != self.main_thread {
            let _ = self.arm(vm);
            return;
        }
        let mut owed = self.owed.lock().unwrap();
        if let Some(queued) = owed.as_mut() {
            // A pending call is queued and has not run yet: it collects the older
            // generation of the two.
            *queued = (*queued).max(generation);
            return;
        }
        *owed = Some(generation);
        drop(owed);
        if generation == 0 && !vm.state.gc.py_callbacks.borrow_vec().is_empty() {
            // This collection's own count joins the statistics when it finishes.
            self.young_collected_before.store(vm.state.gc.get_stats()[0].collected, Ordering::Relaxed);
        }
        let Some(schedule) = self.me.upgrade() else { return };
        // The collector is still busy with the young collection; the new tick and an
        // older collection have to wait until it is done. A send fails only once the
        // interpreter is gone.
        let _ = self.pending_calls.send(Box::new(move |vm: &VirtualMachine| {
            let generation = schedule.owed.lock().unwrap().take().unwrap_or(0);
            let _ = schedule.arm(vm);
            schedule.run_scheduled(generation, vm);
            Ok(())
        }));
    }

    /// CPython's `gc_collect_generations`: the oldest generation whose count exceeds its
    /// threshold; the oldest only once the objects awaiting their first full collection
    /// are a quarter of those the last one kept (so full collections stay linear).
    ///
    /// One addition: unless the last two full collections found that what the older
    /// generations had gained since the one before was mostly live, a middle
    /// collection that is due collects the oldest generation as well once the two older
    /// generations hold a quarter more objects than the last full collection left (and at
    /// least a young threshold more). Cyclic garbage that outlived a middle collection
    /// costs rustpython about three times CPython's memory (its objects are larger, and a
    /// collection allocates about 200 bytes of bookkeeping for each object it examines),
    /// so waiting for ten middle collections as CPython does held several times CPython's
    /// peak (issue 12's ring buffer of cycles). When the growth was live data (a program
    /// building large structures), full collections only cost time and their bookkeeping
    /// memory, so CPython's rule alone decides. The addition keeps full collections
    /// linear (each follows a growth of a quarter of what the last one kept) and adds no
    /// collections, only makes some of the middle ones full.
    fn generation_due(&self, vm: &VirtualMachine) -> usize {
        let (young_threshold, middle_threshold, old_threshold) = vm.state.gc.get_threshold();
        let counters = self.counters.lock().unwrap();
        if counters.middle_collections > old_threshold && counters.long_lived_pending >= counters.long_lived_total / 4 {
            2
        } else if counters.young_collections > middle_threshold {
            if counters.unpaid_full_collections >= UNPAID_FULL_COLLECTIONS_TOLERATED {
                return 1;
            }
            let (_, middle, old) = gc_state().get_count();
            let growth = (middle + old).saturating_sub(counters.long_lived_total);
            if growth >= (counters.long_lived_total / 4).max(young_threshold as usize) {
                2
            } else {
                1
            }
        } else {
            0
        }
    }

    /// A pending call: the collection `tick_died` chose, announced to `gc.callbacks`.
    /// A young one has already run (rustpython's), so only its report is left.
    fn run_scheduled(&self, generation: usize, vm: &VirtualMachine) {
        if generation == 0 {
            let before = self.young_collected_before.load(Ordering::Relaxed);
            // The tick was one of the objects it collected.
            let collected = vm.state.gc.get_stats()[0].collected.saturating_sub(before + 1);
            invoke_callbacks(vm, "start", 0, &CollectResult::default());
            invoke_callbacks(vm, "stop", 0, &CollectResult { collected, ..CollectResult::default() });
            return;
        }
        if !vm.state.gc.is_enabled() {
            return;
        }
        invoke_callbacks(vm, "start", generation, &CollectResult::default());
        let result = self.collect(generation, vm, false);
        invoke_callbacks(vm, "stop", generation, &result);
    }

    /// `gc.collect(generation)`: runs even when automatic collection is disabled, and
    /// returns how many unreachable objects it found.
    fn collect_explicitly(&self, generation: i32, vm: &VirtualMachine) -> PyResult<usize> {
        let generation = match usize::try_from(generation) {
            Ok(generation @ 0..=2) => generation,
            _ => return Err(vm.new_value_error("invalid generation")),
        };
        if self.collecting.load(Ordering::Relaxed) {
            return Ok(0); // from a finalizer or callback of a running collection, as CPython
        }
        invoke_callbacks(vm, "start", generation, &CollectResult::default());
        let result = self.collect(generation, vm, true);
        self.publish_garbage(vm);
        invoke_callbacks(vm, "stop", generation, &result);
        Ok(result.collected + result.uncollectable)
    }

    /// Collects `generation` and the younger ones, and updates the counters as CPython's
    /// `gc_collect_main` does. The result leaves out the tick.
    fn collect(&self, generation: usize, vm: &VirtualMachine, explicit: bool) -> CollectResult {
        let gc = &vm.state.gc;
        self.collecting.store(true, Ordering::Relaxed);
        self.ticks_in_own_collection.store(0, Ordering::Relaxed);
        let mut result = if explicit { gc.collect_force(generation) } else { gc.collect(generation) };
        self.collecting.store(false, Ordering::Relaxed);
        // The tick died in it (fails only while the interpreter shuts down).
        let _ = self.arm(vm);
        let ticks = self.ticks_in_own_collection.swap(0, Ordering::Relaxed);
        result.collected = result.collected.saturating_sub(ticks);
        result.candidates = result.candidates.saturating_sub(ticks);
        let mut counters = self.counters.lock().unwrap();
        match generation {
            0 => counters.young_collections += 1,
            1 => {
                counters.young_collections = 0;
                counters.middle_collections += 1;
                counters.long_lived_pending +=
                    result.candidates.saturating_sub(result.collected + result.uncollectable);
            }
            _ => {
                let growth = result.candidates.saturating_sub(counters.long_lived_total);
                if result.collected >= growth / 2 {
                    counters.unpaid_full_collections = 0;
                } else {
                    counters.unpaid_full_collections += 1;
                }
                counters.young_collections = 0;
                counters.middle_collections = 0;
                counters.long_lived_pending = 0;
                counters.long_lived_total = gc_state().get_count().2;
            }
        }
        result
    }

    /// Moves what collections saved under `DEBUG_SAVEALL` into `gc.garbage`, as
    /// rustpython's `gc.collect` does, leaving out ticks.
    fn publish_garbage(&self, vm: &VirtualMachine) {
        let gc = &vm.state.gc;
        let saved: Vec<PyObjectRef> = gc.garbage.lock().drain(..).collect();
        if saved.is_empty() {
            return;
        }
        let mut garbage = gc.py_garbage.borrow_vec_mut();
        garbage.extend(saved.into_iter().filter(|obj| !obj.class().is(&self.tick_class)));
    }
}

/// Calls each of `gc.callbacks` with the phase and CPython's info dict; an exception in
/// one is reported as unraisable, as CPython does, and the others still run.
fn invoke_callbacks(vm: &VirtualMachine, phase: &str, generation: usize, result: &CollectResult) {
    let callbacks: Vec<PyObjectRef> = vm.state.gc.py_callbacks.borrow_vec().to_vec();
    if callbacks.is_empty() {
        return;
    }
    let info = match info_dict(vm, generation, result) {
        Ok(info) => info,
        Err(error) => return vm.run_unraisable(error, None, vm.ctx.none()),
    };
    let phase: PyObjectRef = vm.ctx.new_str(phase).into();
    for callback in callbacks {
        if let Err(error) = callback.call((phase.clone(), info.clone()), vm) {
            vm.run_unraisable(error, None, callback);
        }
    }
}

/// The info CPython passes to `gc.callbacks`.
fn info_dict(vm: &VirtualMachine, generation: usize, result: &CollectResult) -> Result<PyDictRef, PyBaseExceptionRef> {
    let info = vm.ctx.new_dict();
    info.set_item("generation", vm.new_pyobj(generation), vm)?;
    info.set_item("collected", vm.new_pyobj(result.collected), vm)?;
    info.set_item("uncollectable", vm.new_pyobj(result.uncollectable), vm)?;
    Ok(info)
}
