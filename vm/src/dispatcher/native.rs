//! Running a specialization's native code: arguments packed (`boxing.rs`), the entry
//! called with the interpreter's remaining recursion depth, the status word decoded into
//! a result, a raised exception or a deoptimization. In automatic mode the guards are
//! checked first and anything but success re-runs the call in the interpreter; a
//! specialization that keeps deoptimizing is dropped.
//!
//! Assumes the status words and out-buffer of `pynum_runtime` (`Status`), and that a
//! lifted loop's caller runs its own copy of the loop when handed `()`.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use pynum_jit::events::JitEvent;
use pynum_jit::lir::lower::mangle;
use pynum_jit::types::Type;
use pynum_runtime::Status;
use rustpython_vm::{builtins::PyTuple, function::FuncArgs, AsObject, PyObjectRef, PyResult, VirtualMachine};

use super::boxing::{const_to_python, has_type, Copies, WordObjects};
use super::compile::Specialization;
use super::events::record;
use super::{Dispatcher, Mode};

impl Dispatcher {
    /// Runs a specialization. In automatic mode, a rebound global or any status other
    /// than success re-runs the call in the interpreter (deoptimization); a
    /// specialization that keeps deoptimizing is dropped.
    pub(super) fn run_specialization(
        &self,
        spec: &Arc<Specialization>,
        args: &[PyObjectRef],
        vm: &VirtualMachine,
    ) -> PyResult {
        if !self.is_auto() {
            return self.run_native(spec, args, vm);
        }
        if super::program_is_watched(vm) {
            return self.run_watched(FuncArgs::from(args.to_vec()), vm);
        }
        match self.run_speculatively(spec, args, vm)? {
            Some(value) if matches!(self.mode, Mode::Lifted { .. }) => Ok(vm.ctx.new_tuple(vec![value]).into()),
            Some(value) => Ok(value),
            None if matches!(self.mode, Mode::Lifted { .. }) => Ok(vm.ctx.empty_tuple.clone().into()),
            None => self.py_func.vectorcall(args.to_vec(), args.len(), None, vm),
        }
    }

    /// What a dispatcher answers when native code does not run. A lifted loop's, `()`:
    /// the caller then runs its own copy of the loop. Any other runs the function in
    /// the interpreter: positional arguments through its
    /// `vectorcall` slot, which binds them straight into the frame when they fill every
    /// parameter (`call` builds a `FuncArgs` and binds through the generic path: about
    /// 450 more instructions a call of a function that stays interpreted).
    pub(super) fn not_run(&self, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        match self.mode {
            Mode::Lifted { .. } => Ok(vm.ctx.empty_tuple.clone().into()),
            _ if args.kwargs.is_empty() => {
                let positional = args.args.len();
                self.py_func.vectorcall(args.args, positional, None, vm)
            }
            _ => self.py_func.call(args, vm),
        }
    }

    /// Native code under automatic mode's speculation: `None` when a guard failed or
    /// native code returned anything but success (the caller then runs the
    /// interpreter); a specialization that keeps deoptimizing is dropped.
    fn run_speculatively(
        &self,
        spec: &Arc<Specialization>,
        args: &[PyObjectRef],
        vm: &VirtualMachine,
    ) -> PyResult<Option<PyObjectRef>> {
        // A trace or profile function or a `sys.monitoring` tool (a debugger, coverage)
        // sees the lines and calls that only the interpreter runs.
        if super::program_is_watched(vm) {
            return Ok(None);
        }
        // Code holding globals as constants or taking them as arguments runs only while
        // no other thread or handler of the program's may rebind them as it runs: only
        // the interpreter would see it (native code starts no thread and sets no
        // handler, so none appears during the call).
        if spec.folds_globals && super::guards::globals_may_change_under_native_code(vm) {
            return Ok(None);
        }
        // Guards on functions' attributes are read only when some function's were
        // written since they last held (one load otherwise).
        let writes = super::compiled_functions::FUNCTION_WRITES.load(Ordering::Relaxed);
        let check_functions = writes != spec.function_writes_seen.load(Ordering::Relaxed);
        for guard in &spec.guards {
            if (guard.attribute_of.is_some() && !check_functions) || guard.implicit.is_some() {
                continue;
            }
            if !guard.holds(vm)? {
                super::guards::remember_rebound(guard);
                self.drop_specialization(spec, &guard.what_changed());
                return Ok(None);
            }
        }
        if check_functions {
            spec.function_writes_seen.store(writes, Ordering::Relaxed);
        }
        let with_globals;
        let args = if spec.native_args.len() == args.len() {
            args
        } else {
            match spec.implicit_arguments(args, vm) {
                Ok(all) => {
                    with_globals = all;
                    &with_globals[..]
                }
                Err(changed) => {
                    self.drop_specialization(spec, &changed.what_changed());
                    return Ok(None);
                }
            }
        };
        match self.run_native(spec, args, vm) {
            Ok(value) => {
                spec.completions.fetch_add(1, Ordering::Relaxed);
                if spec.reflection.dominates() {
                    let reason = "copying its arguments in and out costs more than its native code saves";
                    let what = mangle(&self.qualname_string(vm), &spec.args);
                    record(&self.config, JitEvent::Rejected { what, reason: reason.to_owned() });
                    self.drop_specialization(spec, reason);
                    self.copying_dominated_at.fetch_min(super::boxing::copied_size(args), Ordering::Relaxed);
                    self.leave_automatic_mode_if_nothing_compiled();
                }
                Ok(Some(value))
            }
            Err(_) if crate::interrupts::take_pending() => {
                // Ctrl-C: the interpreter reruns the call and raises it; not a
                // speculation that failed.
                let what = mangle(&self.qualname_string(vm), &spec.args);
                record(
                    &self.config,
                    JitEvent::Deoptimized { what, why: "a signal arrived (Ctrl-C)".to_owned(), count: None },
                );
                Ok(None)
            }
            Err(native_error) => {
                let why = native_error.as_object().str(vm).map(|s| s.to_string()).unwrap_or_default();
                // A lifted loop that ran zero times hands back a name only its
                // iterations bind: the loop as written runs instead, which is not
                // a speculation that failed.
                if matches!(self.mode, Mode::Lifted { .. })
                    && why.starts_with(pynum_jit::lir::lower::UNBOUND_LOCAL_READ)
                {
                    return Ok(None);
                }
                let count = spec.deopts.fetch_add(1, Ordering::Relaxed) + 1;
                let what = mangle(&self.qualname_string(vm), &spec.args);
                record(&self.config, JitEvent::Deoptimized { what, why, count: Some(count) });
                if self.config.drops_after(count, spec.completions.load(Ordering::Relaxed)) {
                    self.drop_specialization(spec, "it deoptimized too often");
                    self.leave_automatic_mode_if_nothing_compiled();
                }
                Ok(None)
            }
        }
    }

    pub(super) fn qualname_string(&self, vm: &VirtualMachine) -> String {
        self.py_func.get_attr("__qualname__", vm).and_then(|q| q.str(vm)).map(|s| s.to_string()).unwrap_or_default()
    }

    fn drop_specialization(&self, spec: &Arc<Specialization>, why: &str) {
        let mut state = self.state.lock();
        state.specializations.retain(|s| !Arc::ptr_eq(s, spec));
        state.failures.insert(spec.args.clone(), why.to_owned());
    }

    /// A function automatic mode could not compile, or whose native code kept
    /// deoptimizing, goes back to the plain interpreter: its calls then cost what
    /// they cost without the JIT (rustpython specializes its call sites again).
    pub(super) fn leave_automatic_mode_if_nothing_compiled(&self) {
        // Code the compile thread is making for other types counts as compiled: it is
        // installed at a later call, which a function out of automatic mode never makes.
        {
            let state = self.state.lock();
            if !state.specializations.is_empty() || !state.pending.is_empty() {
                return;
            }
        }
        // A lifted loop gives up after LIFTED_LOOP_REJECTED_CALLS turned-down calls.
        if matches!(self.mode, Mode::Auto { .. }) {
            self.leave_requested.store(true, Ordering::Relaxed);
        }
    }

    fn run_native(&self, spec: &Arc<Specialization>, args: &[PyObjectRef], vm: &VirtualMachine) -> PyResult {
        let (code, arg_types, return_type) = (spec.code_for_call(&self.config), &spec.native_args, &spec.return_type);
        // One word per argument part: a tuple of scalars takes one per item.
        // An array takes its data pointer, shape and strides; a bytearray its bytes'
        // address and length.
        let count: usize = arg_types
            .iter()
            .map(|t| match t {
                Type::Tuple(items) => items.len(),
                Type::Array { ndim, .. } => 1 + 2 * *ndim as usize,
                Type::ByteArray => 2,
                _ => 1,
            })
            .sum();
        let mut words = [0u64; 16];
        let mut packed: Vec<u64>;
        let words: &mut [u64] = if count <= words.len() {
            &mut words[..count]
        } else {
            packed = vec![0; count];
            &mut packed
        };
        // Lists go in as copies and bytearrays in place, locked, both kept here until
        // native code is done.
        let string_constants = code
            .string_constants
            .get_or_init(|| WordObjects::constants(&code.compiled.module.strings, &self.py_func, vm));
        let mut copies = Copies::new(code.compiled.writes_memory, self.is_auto(), string_constants);
        // Automatic mode weighs copying against native time (`ReflectionCost`).
        let reflects = self.is_auto()
            && self.config.weighs_copying()
            && arg_types.iter().any(Type::is_reflected)
            && spec.reflection.times_this_call();
        let copy_started = reflects.then(Instant::now);
        let mut at = 0;
        // Bytearrays are locked last, once the others are copied, and in one order
        // whatever the arguments' (`Copies::lock_bytearrays`).
        let mut bytearrays: Vec<(usize, &PyObjectRef)> = Vec::new();
        for (arg, ty) in args.iter().zip(arg_types.iter()) {
            match ty {
                Type::ByteArray => {
                    bytearrays.push((at, arg));
                    at += 2;
                    continue;
                }
                reflected if reflected.is_reflected() => words[at] = copies.argument(arg, ty, vm)?,
                Type::Tuple(items) => {
                    let tuple =
                        arg.downcast_ref::<PyTuple>().ok_or_else(|| vm.new_type_error("not a tuple".to_owned()))?;
                    for ((word, value), item) in words[at..].iter_mut().zip(tuple.as_slice()).zip(items) {
                        *word = copies.pack(value, item, vm)?;
                    }
                    copies.given_tuple(&words[at..at + items.len()], arg);
                    at += items.len();
                    continue;
                }
                Type::Array { ndim, .. } => {
                    let array = super::boxing::array_words(arg, *ndim as usize, vm)?;
                    words[at..at + array.len()].copy_from_slice(&array);
                    at += array.len();
                    continue;
                }
                _ => words[at] = copies.pack(arg, ty, vm)?,
            }
            at += 1;
        }
        if !bytearrays.is_empty() {
            copies.lock_bytearrays(bytearrays.iter().map(|&(_, arg)| arg), vm)?;
            for (at, arg) in bytearrays {
                words[at..at + 2].copy_from_slice(&copies.bytearray(arg, vm)?);
            }
        }
        let mut out = [0u64; 16];
        let mut big_out: Vec<u64>;
        let out: &mut [u64] = if code.compiled.out_words <= out.len() {
            &mut out[..]
        } else {
            big_out = vec![0; code.compiled.out_words];
            &mut big_out
        };
        // Nested native calls count against the interpreter's recursion limit (less a
        // frame of margin: when in doubt, the interpreter decides).
        let depth = (vm.recursion_limit.get() as i64 - vm.current_recursion_depth() as i64 - 1)
            .min(pynum_runtime::MAX_NATIVE_DEPTH);
        let timed_for_promotion = code.tier == 1 && spec.times_this_call();
        let inside_warming_call = super::deferral::WarmingCall::active();
        let started = (self.config.time_native || reflects || timed_for_promotion || inside_warming_call)
            .then(std::time::Instant::now);
        let copied_in = copy_started.zip(started).map(|(copying, native)| native - copying);
        let mut running = super::tier_up::Running::enter(spec, code, &self.config, depth, started);
        // SAFETY: `words` holds one word per argument part of this specialization and
        // `out` at least the result's (or a tier-up's) words, as the entry expects.
        let mut status = unsafe { (code.entry)(words.as_ptr(), out.as_mut_ptr(), depth) };
        // How long the call ran in its tier-1 code before it moved up, if it did.
        let mut moved_after = None;
        if status == Status::TierUp as u32 {
            moved_after = started.map(|started| started.elapsed());
            // On-stack replacement: the loop goes on in tier-2 code from the state the
            // tier-1 code left (the same LIR, so the same variables and tables).
            if let Some(running) = running.as_mut() {
                running.leave();
            }
            let paused = Instant::now();
            let state = out[..code.compiled.out_words].to_vec();
            match super::tier_up::resume_code(spec, &self.config, &state) {
                Some(tier2) => {
                    let resume = tier2.resume_entry.expect("checked by resume_code");
                    self.config.counters.count_tier2_pause(paused.elapsed());
                    // SAFETY: `state` is what the tier-1 code left for this resume entry
                    // (compiled from the same LIR), and `out` holds its out words.
                    status = unsafe { resume(state.as_ptr(), out.as_mut_ptr(), depth) };
                }
                // Not reachable: the hook answers "move" only with the code there.
                None => status = Status::Deopt as u32,
            }
        }
        drop(running);
        let native_time = started.map(|started| started.elapsed());
        // The result, boxed while the lists native code made are still there.
        let result = (Status::from_code(status) == Some(Status::Ok)).then(|| match return_type {
            Type::Array { .. } => super::boxing::array_result(out, return_type, args, vm),
            _ => copies.result(out, return_type, vm),
        });
        if code.compiled.makes_lists {
            pynum_runtime::lists::release_native_allocations();
            pynum_runtime::arrays::release_native_allocations();
        }
        if let Some(elapsed) = native_time.filter(|_| inside_warming_call) {
            super::deferral::WarmingCall::count_native(elapsed);
        }
        if let Some(elapsed) = native_time.filter(|_| timed_for_promotion) {
            let at_tier1 = moved_after.unwrap_or(elapsed);
            spec.count_tier1_time(at_tier1);
        }
        if let Some(elapsed) = native_time.filter(|_| self.config.time_native) {
            // A call that moved up counts at the tier it began in, its time at each tier.
            let at_start_tier = moved_after.unwrap_or(elapsed);
            self.config.counters.count_native_call(at_start_tier, code.tier);
            if moved_after.is_some() {
                self.config.counters.count_native_time(elapsed.saturating_sub(at_start_tier), 2);
            }
            spec.native_nanos.fetch_add(elapsed.as_nanos() as u64, Ordering::Relaxed);
        }
        if !matches!(result, Some(Some(_))) {
            // The call did not finish natively: automatic mode runs it again in the
            // interpreter, from what its arguments held when it began.
            copies.undo();
        }
        copies.release_bytearrays();
        match Status::from_code(status) {
            Some(Status::Ok) => {
                let Some(Some(result)) = result else {
                    // Nothing is written back yet: the interpreter runs the call instead.
                    return Err(vm.new_system_error("a list native code cannot hand back".to_owned()));
                };
                // Timed only when copying is weighed: a clock read is a tenth of a
                // small function's native call.
                let writing = copied_in.is_some().then(Instant::now);
                if code.compiled.writes_memory {
                    copies.write_back(vm);
                }
                if let (Some(copied_in), Some(native), Some(writing)) = (copied_in, native_time, writing) {
                    spec.reflection.count(copied_in + writing.elapsed(), native);
                }
                Ok(result)
            }
            // Automatic mode runs the call again in the interpreter, which raises: the
            // exception is not made here, since its class may be Python code (a class put
            // in `builtins` in place of ValueError) whose `__init__` would run twice.
            Some(Status::StaticRaise) if self.is_auto() => {
                let (name, _) = &code.compiled.raises[out[0] as usize];
                Err(vm.new_system_error(format!("a raise of {name}")))
            }
            Some(other) if self.is_auto() && other != Status::Deopt => {
                let (type_name, message) = other.exception();
                Err(vm.new_system_error(if message.is_empty() { type_name.to_owned() } else { message.to_owned() }))
            }
            Some(Status::StaticRaise) => {
                let (name, consts) = &code.compiled.raises[out[0] as usize];
                let class = vm.builtins.get_attr(&vm.ctx.new_str(name.as_str()), vm)?;
                let args: Vec<PyObjectRef> = consts.iter().map(|c| const_to_python(c, vm)).collect();
                let exc = class.call(args, vm)?;
                Err(exc
                    .downcast()
                    .map_err(|_| vm.new_type_error("exceptions must derive from BaseException".to_owned()))?)
            }
            Some(Status::Deopt) => {
                // The site's index is in word 0: say why and where, for --jit-log.
                let (why, line) = code
                    .compiled
                    .deopt_sites
                    .get(out[0] as usize)
                    .map(|(why, line)| (why.as_str(), *line))
                    .unwrap_or(("a deoptimization", 0));
                Err(vm.new_system_error(format!("{why} at line {line}")))
            }
            Some(other) => {
                let (type_name, message) = other.exception();
                let class = vm.builtins.get_attr(type_name, vm)?;
                // MemoryError() has no message in CPython or Numba.
                let exc = if message.is_empty() { class.call((), vm)? } else { class.call((message,), vm)? };
                Err(exc.downcast().map_err(|_| vm.new_type_error("bad exception".to_owned()))?)
            }
            None => Err(vm.new_system_error(format!("native code returned unknown status {status}"))),
        }
    }
}

/// What copying containers in and out costs a specialization against its native code,
/// from the calls it times: its first [`TIMED_FIRST_CALLS`], then one in
/// [`TIMED_ONE_IN`] (the rule is a ratio of sums, which a sample keeps). Five clock
/// reads a call were a tenth of a small function's native call (a list of three floats:
/// 1.09 us a call, against 1.03 us in the interpreter).
#[derive(Default)]
pub(super) struct ReflectionCost {
    seen: AtomicU64,
    calls: AtomicU64,
    copying_nanos: AtomicU64,
    native_nanos: AtomicU64,
}

/// Calls with copies that [`ReflectionCost`] times before it samples.
const TIMED_FIRST_CALLS: u64 = 4 * pynum_jit::policy::COPYING_CALLS;
/// After those, one call in this many is timed.
const TIMED_ONE_IN: u64 = 16;

impl ReflectionCost {
    /// Whether this call's copying and native time are measured.
    fn times_this_call(&self) -> bool {
        let seen = self.seen.fetch_add(1, Ordering::Relaxed);
        seen < TIMED_FIRST_CALLS || seen.is_multiple_of(TIMED_ONE_IN)
    }

    fn count(&self, copying: std::time::Duration, native: std::time::Duration) {
        self.calls.fetch_add(1, Ordering::Relaxed);
        self.copying_nanos.fetch_add(copying.as_nanos() as u64, Ordering::Relaxed);
        self.native_nanos.fetch_add(native.as_nanos() as u64, Ordering::Relaxed);
    }

    /// Whether copying has cost [`pynum_jit::policy::COPYING_DOMINATES`] times the
    /// native code's time over at least [`pynum_jit::policy::COPYING_CALLS`] calls, or
    /// [`pynum_jit::policy::COPYING_DOMINATES_AT_ONCE`] times it in a copy of a
    /// millisecond or more.
    fn dominates(&self) -> bool {
        use pynum_jit::policy::{COPYING_AT_ONCE_MIN, COPYING_CALLS, COPYING_DOMINATES, COPYING_DOMINATES_AT_ONCE};
        let copying = self.copying_nanos.load(Ordering::Relaxed);
        let native = self.native_nanos.load(Ordering::Relaxed);
        let by = if self.calls.load(Ordering::Relaxed) >= COPYING_CALLS {
            COPYING_DOMINATES
        } else if copying >= COPYING_AT_ONCE_MIN.as_nanos() as u64 {
            COPYING_DOMINATES_AT_ONCE
        } else {
            return false;
        };
        copying > native.saturating_mul(by)
    }
}

impl Specialization {
    /// `args`, then what each global it takes as an argument (`Guard::implicit`) holds
    /// now; the guard of the first that is unbound or holds another type otherwise (the
    /// interpreter then runs the call).
    pub(super) fn implicit_arguments<'a>(
        &'a self,
        args: &[PyObjectRef],
        vm: &VirtualMachine,
    ) -> Result<Vec<PyObjectRef>, &'a super::guards::Guard> {
        let mut all = args.to_vec();
        for guard in self.guards.iter().filter(|guard| guard.implicit.is_some()) {
            let ty = guard.implicit.as_ref().expect("filtered");
            match guard.globals.get_item_opt(&*guard.name, vm) {
                Ok(Some(value)) if has_type(&value, ty, vm) => all.push(value),
                _ => return Err(guard),
            }
        }
        Ok(all)
    }
}

#[cfg(test)]
mod tests {
    use super::ReflectionCost;
    use std::time::Duration;

    fn after(calls: &[(u64, u64)]) -> bool {
        let cost = ReflectionCost::default();
        for &(copying_us, native_us) in calls {
            cost.count(Duration::from_micros(copying_us), Duration::from_micros(native_us));
        }
        cost.dominates()
    }

    #[test]
    fn copying_dominates_over_three_calls_or_a_thousandfold_at_once() {
        // 40 times the native time: judged after three calls, not before.
        assert!(!after(&[(400, 10)]));
        assert!(!after(&[(400, 10), (400, 10)]));
        assert!(after(&[(400, 10), (400, 10), (400, 10)]));
        assert!(!after(&[(300, 10), (300, 10), (300, 10)]), "30 times is not 32");
        // A 15 ms copy for a microsecond of native code: at once.
        assert!(after(&[(15_000, 1)]));
        // A thousandfold, but under a millisecond of copying: three calls still.
        assert!(!after(&[(900, 0)]));
        assert!(!after(&[(15_000, 20)]), "750 times is under the thousandfold");
    }

    #[test]
    fn the_first_calls_are_timed_then_one_in_sixteen() {
        let cost = ReflectionCost::default();
        let timed: Vec<u64> = (0..100).filter(|_| cost.times_this_call()).collect();
        let first = super::TIMED_FIRST_CALLS;
        assert!(timed.iter().take(first as usize).copied().eq(0..first));
        assert!(timed[first as usize..].iter().all(|call| call % super::TIMED_ONE_IN == 0), "{timed:?}");
        assert_eq!(timed.len() as u64, first + (first..100).filter(|c| c % super::TIMED_ONE_IN == 0).count() as u64);
    }
}
