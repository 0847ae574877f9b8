//! On-stack replacement between tiers: a call running a loop in tier-1 code moves into
//! the tier-2 code of the same specialization without finishing first, so a program
//! whose time is one long loop in one call still reaches tier 2.
//!
//! How: the LIR lowering gives every back edge of the root function a safepoint (the
//! poll flags, then the helper `pynum_safepoint`), whose tier-up exit leaves with the
//! variables live at the loop's next block (`Status::TierUp`). The dispatcher keeps, per
//! thread, a stack of the tier-1 calls running such code ([`Running`]); the runtime calls
//! [`on_safepoint`] when the flags are set. It asks for the tier-2 compile once the call
//! is due by the promotion policy (`Promotion::due_mid_call`: as at a call, or once it
//! alone has run `TIER2_RUNNING_CALL_TIME`), and answers "move" once that code is there; the dispatcher then calls the tier-2 *resume entry* with the state
//! the tier-1 code left ([`resume`]).
//!
//! Who sets the flag: a timer thread, started with the first such call, sets it every
//! [`POLL_INTERVAL`] while a tier-1 call has been running since its last look; the
//! compile thread sets it when it installs tier-2 code; under `PYNUM_SYNC_COMPILE`, when
//! counts alone decide (an explicit threshold, `PYNUM_PREDICTABLE`) and the call is due,
//! the call sets it itself, so tests move at the first back edge, on any machine.
//!
//! Assumes the specialization and its config outlive the record (the dispatcher's call
//! holds both for its whole duration) and that tier-2 code comes from the same LIR as
//! the tier-1 code (`tiers.rs` compiles the module the tier-1 code kept), so variables
//! and blocks mean the same in both.

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use pynum_jit::events::JitEvent;
use pynum_jit::policy::JitConfig;

use super::compile::{Native, Specialization};
use super::events::record;

/// How often the timer thread looks for a tier-1 call that has been running since its
/// last look. A long loop asks for tier 2 within one interval of the policy's tier-1
/// time, and moves within one interval of the compile (usually at once: the compile
/// thread sets the flag).
pub(super) const POLL_INTERVAL: Duration = Duration::from_millis(2);

/// A tier-1 call of code with tier-up exits, running on this thread.
struct RunningCall {
    spec: *const Specialization,
    config: *const JitConfig,
    /// The depth the root was entered with: its safepoints pass it to the helper.
    depth: i64,
    started: Instant,
}

thread_local! {
    static RUNNING: RefCell<Vec<RunningCall>> = const { RefCell::new(Vec::new()) };
}

/// Calls entered, and calls running, across threads (what the timer watches).
static ENTERED: AtomicU64 = AtomicU64::new(0);
static RUNNING_CALLS: AtomicUsize = AtomicUsize::new(0);

/// The record of one running call, popped when dropped (or when the call moves).
pub(super) struct Running {
    active: bool,
}

impl Running {
    /// Records a call of `spec`'s tier-1 code entered with `depth`, when that code can
    /// move up a tier (`None` otherwise: nothing to record).
    pub(super) fn enter(
        spec: &Arc<Specialization>,
        code: &Native,
        config: &Arc<JitConfig>,
        depth: i64,
        started: Option<Instant>,
    ) -> Option<Running> {
        if code.tier != 1
            || !code.compiled.tiers_up
            || spec.promote_after.is_none()
            || spec.tier1_pinned.load(Ordering::Relaxed)
        {
            return None;
        }
        start_once();
        RUNNING.with(|stack| {
            stack.borrow_mut().push(RunningCall {
                spec: Arc::as_ptr(spec),
                config: Arc::as_ptr(config),
                depth,
                started: started.unwrap_or_else(Instant::now),
            })
        });
        ENTERED.fetch_add(1, Ordering::Relaxed);
        RUNNING_CALLS.fetch_add(1, Ordering::Relaxed);
        if config.sync_compile && due_now(spec, Duration::ZERO) {
            // Counts alone decide and this call is due: it moves at its first back edge.
            pynum_runtime::POLL.tier_up.store(true, Ordering::Relaxed);
        }
        Some(Running { active: true })
    }

    /// Pops the record: the call finished, or moves on in tier-2 code.
    pub(super) fn leave(&mut self) {
        if std::mem::replace(&mut self.active, false) {
            RUNNING.with(|stack| stack.borrow_mut().pop());
            RUNNING_CALLS.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.leave();
    }
}

/// Whether a running call of `spec` that has run `elapsed` is due for tier 2
/// ([`pynum_jit::policy::Promotion::due_mid_call`]).
fn due_now(spec: &Specialization, elapsed: Duration) -> bool {
    let Some(due) = spec.promote_after else { return false };
    let earlier = Duration::from_nanos(spec.tier1_nanos.load(Ordering::Relaxed));
    due.due_mid_call(spec.calls.load(Ordering::Relaxed), earlier, elapsed)
}

/// Installs the hook and starts the timer thread, once per process.
fn start_once() {
    static STARTED: OnceLock<()> = OnceLock::new();
    STARTED.get_or_init(|| {
        pynum_runtime::set_safepoint_hook(on_safepoint);
        // Without the thread, long calls would only poll when a compile finishes.
        let _ = std::thread::Builder::new().name("pynum-tier-up".to_owned()).spawn(watch);
    });
}

/// The timer: sets the tier-up flag when a tier-1 call is running and none has started
/// since the last look (so the same call has run for at least an interval).
fn watch() {
    let mut last = ENTERED.load(Ordering::Relaxed);
    loop {
        std::thread::sleep(POLL_INTERVAL);
        let entered = ENTERED.load(Ordering::Relaxed);
        if entered == last && RUNNING_CALLS.load(Ordering::Relaxed) > 0 {
            pynum_runtime::POLL.tier_up.store(true, Ordering::Relaxed);
        }
        last = entered;
    }
}

/// The runtime's safepoint hook (`pynum_runtime::set_safepoint_hook`): whether the loop
/// polling with `depth` is the root of this thread's innermost running tier-1 call and
/// moves to tier 2 now. Asks for the compile when the call has run long enough.
fn on_safepoint(depth: i64) -> bool {
    // Never a panic here (the caller is native code): a stack borrowed elsewhere, which
    // nothing on this path does, answers "stay".
    let innermost = RUNNING.with(|stack| {
        let stack = stack.try_borrow().ok()?;
        let call = stack.last().filter(|call| call.depth == depth)?;
        Some((call.spec, call.config, call.started))
    });
    // No record, or a callee's loop (or one inlined from a callee): its state is not the
    // root's.
    let Some((spec_ptr, config_ptr, started)) = innermost else { return false };
    // SAFETY: the dispatcher's call holds both for as long as the record exists, which
    // outlasts this helper call.
    let spec = unsafe { &*spec_ptr };
    if let Some(ready) = spec.tier2.get() {
        return ready.resume_entry.is_some();
    }
    if !due_now(spec, started.elapsed()) || spec.promotion.swap(true, Ordering::Relaxed) {
        return false;
    }
    // SAFETY: as above; the temporary `Arc`s each take a count of their own.
    let (spec, config) = unsafe {
        Arc::increment_strong_count(spec_ptr);
        Arc::increment_strong_count(config_ptr);
        (Arc::from_raw(spec_ptr), Arc::from_raw(config_ptr))
    };
    super::tiers::request(&spec, &config);
    // A synchronous compile is there already.
    spec.tier2.get().is_some_and(|ready| ready.resume_entry.is_some())
}

/// The tier-2 code a call that left with `Status::TierUp` goes on in, and the pause this
/// costs the calling thread counted; logs the move.
pub(super) fn resume_code(spec: &Specialization, config: &JitConfig, state: &[u64]) -> Option<Arc<Native>> {
    let ready = spec.tier2.get()?.clone();
    ready.resume_entry?;
    let root = &ready.compiled.module.functions[0];
    let line = state
        .first()
        .and_then(|&block| root.blocks.get(block as usize))
        .map(|block| block.insts.first().map_or(block.terminator_line, |inst| inst.line))
        .unwrap_or(0);
    record(config, JitEvent::TieredUp { what: spec.name.clone(), tier: ready.tier, line });
    Some(ready)
}
