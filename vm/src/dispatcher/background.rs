//! Tier-1 compiles off the main thread: automatic mode reads what typing needs of the live
//! globals and callees on the main thread, then hands typing, lowering and code
//! generation to a compile thread and runs the call in the interpreter; the next call
//! that finds the code ready installs it (`compile.rs`). The program never waits for Cranelift, so a
//! compile whose code the program never gets to use costs it no wall time: a short
//! script with a few warm functions took 1-4 ms longer with the JIT than without,
//! nearly all of it compiles (tests/py/235: 15 of the 17 million instructions the JIT
//! added, callgrind).
//!
//! Assumes what `tiers.rs` assumes of the tier-2 thread: typed functions, LIR and
//! compiled code are plain data that may cross threads, and a forked child has no
//! compile thread (it compiles on its own thread, with the process-wide engine, which
//! the compile thread never uses, and without taking the queue's lock).
//! Synchronous compiles stay for `@njit` (its semantics promise code at the first call),
//! predictable policies and `PYNUM_SYNC_COMPILE` (tests), dumps, on-stack replacement (a
//! running loop moves into native code now, or not at all) and the LLVM backend.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use parking_lot::{Condvar, Mutex};
use pynum_jit::backend::{Backend, Compiled};
use pynum_jit::driver::{reachable_functions, CompileOptions};
use pynum_jit::ir::Function;
use pynum_jit::policy::JitConfig;
use pynum_jit::typeinfer::{Environment, Inferencer, Typed, TypingContext};
use pynum_jit::types::Type;
use pynum_llvm_loader::code_cache::CodeCache;

use super::guards::TypingEnv;
use super::Dispatcher;

/// The note `--jit-log` gives a compile the compile thread made.
pub(super) const COMPILE_THREAD_NOTE: &str = "on the compile thread";

/// One way to compile a region, typed: the interleaved variant or the code as written.
pub(super) struct Attempt {
    pub(super) functions: Vec<Typed>,
    pub(super) return_type: Type,
    pub(super) interleaved: bool,
}

/// What a compile made: its code, with what the install needs to know of it.
pub(super) struct Finished {
    pub(super) compiled: Compiled,
    pub(super) return_type: Type,
    pub(super) interleaved: bool,
    /// Tier-2 code an earlier run kept (`pynum_llvm_loader::code_cache`).
    pub(super) from_cache: bool,
}

/// A compile handed to the compile thread, as its dispatcher keeps it until the result
/// is installed (`Dispatcher::install_finished_compiles`). It holds no Python object:
/// the compile thread may drop the last handle, and no object may be freed there (the
/// dispatcher keeps the guards beside it).
pub(super) struct PendingCompile {
    pub(super) args: Vec<Type>,
    /// Whether a failure is logged and remembered (not for the quiet retries of an
    /// empty dict's other types).
    pub(super) announce: bool,
    pub(super) qualname: String,
    /// Main-thread time spent on it (analysis and typing).
    pub(super) main_thread: Duration,
    /// The code, or why there is none, and the time the compile thread took; taken by
    /// the install.
    pub(super) result: Mutex<Option<(Result<Finished, String>, Duration)>>,
    /// Set once the result is there.
    pub(super) done: OnceLock<()>,
}

impl PendingCompile {
    pub(super) fn is_done(&self) -> bool {
        self.done.get().is_some()
    }

    /// Leaves `outcome` for the dispatcher.
    pub(super) fn finish(&self, outcome: Result<Finished, String>, took: Duration) {
        *self.result.lock() = Some((outcome, took));
        let _ = self.done.set(());
    }
}

/// Runs `attempts` in order and keeps the first that compiles; the last one's error
/// when none does (as the code as written, tried last, says why it does not compile).
pub(super) fn compile_attempts(
    attempts: Vec<Result<Attempt, String>>,
    options: &CompileOptions,
    backend: &dyn Backend,
    use_code_cache: Option<CodeCache>,
) -> Result<Finished, String> {
    let mut why = String::from("nothing to compile");
    for attempt in attempts {
        match attempt.and_then(|attempt| compile_attempt(attempt, options, backend, use_code_cache)) {
            Ok(finished) => return Ok(finished),
            Err(reason) => why = reason,
        }
    }
    Err(why)
}

/// Lowers and compiles one typed attempt, looking in the code cache first when asked.
pub(super) fn compile_attempt(
    attempt: Attempt,
    options: &CompileOptions,
    backend: &dyn Backend,
    use_code_cache: Option<CodeCache>,
) -> Result<Finished, String> {
    // Tier-2 code an earlier run kept, when there is some: no Cranelift compile, and
    // no tier 2 to wait for.
    let backends: Vec<&dyn Backend> = match &use_code_cache {
        Some(cache) => vec![cache, backend],
        None => vec![backend],
    };
    let (compiled, index) =
        pynum_jit::driver::compile_with_first_of(&backends, &attempt.functions, options).map_err(|e| e.to_string())?;
    Ok(Finished {
        compiled,
        return_type: attempt.return_type,
        interleaved: attempt.interleaved,
        from_cache: backends.len() > 1 && index == 0,
    })
}

/// A compile for the compile thread.
pub(super) struct Job {
    pub(super) pending: Arc<PendingCompile>,
    /// The settings of the dispatcher's interpreter: a failure is logged as it is found.
    pub(super) config: Arc<JitConfig>,
    /// Boxed: the job moves through the queue.
    pub(super) typing: Box<Typing>,
    pub(super) options: CompileOptions,
    pub(super) use_code_cache: Option<CodeCache>,
}

/// A region to type, then compile: the interleaved variant first, when there is one,
/// then the code as written. Typed where it compiles, off the main thread: typing reads
/// only the snapshot of the globals and callees the main thread took (`TypingEnv`), and
/// it was a third or more of the main thread's share of a compile it handed over
/// (tests/py/220: 7.7 of 19.8 million instructions, callgrind).
pub(super) struct Typing {
    pub(super) env: TypingEnv,
    pub(super) context: TypingContext,
    /// The arguments' types, then those of the globals passed as arguments.
    pub(super) args: Vec<Type>,
    pub(super) variant: Option<Function>,
    pub(super) as_written: Function,
}

impl Typing {
    /// The attempts to compile, in order ([`compile_attempts`]).
    pub(super) fn attempts(self) -> Vec<Result<Attempt, String>> {
        let Typing { env, context, args, variant, as_written } = self;
        let mut attempts = Vec::new();
        if let Some(Ok(typed)) = variant.as_ref().map(|v| type_attempt(context, &env, v, &args, true)) {
            attempts.push(Ok(typed));
        }
        attempts.push(type_attempt(context, &env, &as_written, &args, false));
        attempts
    }
}

/// `function` typed for `args`, with the functions it reaches, as one attempt; or why it
/// does not type, rendered against its source.
pub(super) fn type_attempt(
    context: TypingContext,
    env: &dyn Environment,
    function: &Function,
    args: &[Type],
    interleaved: bool,
) -> Result<Attempt, String> {
    let mut inferencer = Inferencer::new(context, env);
    let typed = inferencer
        .infer_function(function, args)
        .map_err(|e| e.render(std::fs::read_to_string(&function.filename).ok().as_deref()))?;
    let functions = reachable_functions(&typed, &mut inferencer).map_err(|e| e.to_string())?;
    Ok(Attempt { functions, return_type: typed.return_type, interleaved })
}

struct Queue {
    jobs: Mutex<VecDeque<Job>>,
    ready: Condvar,
    /// The process that started the thread: a forked child has none.
    pid: u32,
    running: bool,
}

static QUEUE: OnceLock<Queue> = OnceLock::new();

/// The compile thread's own Cranelift engine. Not the process-wide one: a `fork` while
/// this thread holds an engine's lock leaves the lock held for ever in the child, which
/// has no such thread, and the child compiles on the process-wide engine.
static COMPILE_THREAD_ENGINE: pynum_cranelift::Cranelift = pynum_cranelift::Cranelift::new();

thread_local! {
    /// The dispatchers (by address) whose loops this thread is moving into native code
    /// now ([`Synchronous`]), innermost last.
    static SYNCHRONOUS: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

/// While alive, compiles of one dispatcher's code on this thread are synchronous: its
/// loop moves into native code at this header or not at all. Only that dispatcher's:
/// the functions the loop's native code calls back through the interpreter compile on
/// the compile thread as anywhere else (tests/py/256's `main` moved its loop into native
/// code, and every function that loop called then compiled on the main thread, 1 to 2
/// ms each, for calls of microseconds).
pub(super) struct Synchronous(());

impl Synchronous {
    pub(super) fn start(dispatcher: &Dispatcher) -> Synchronous {
        SYNCHRONOUS.with(|moving| moving.borrow_mut().push(address(dispatcher)));
        Synchronous(())
    }
}

impl Drop for Synchronous {
    fn drop(&mut self) {
        SYNCHRONOUS.with(|moving| moving.borrow_mut().pop());
    }
}

fn address(dispatcher: &Dispatcher) -> usize {
    dispatcher as *const Dispatcher as usize
}

/// Whether this thread is moving `dispatcher`'s loop into native code ([`Synchronous`]).
pub(super) fn synchronous_for(dispatcher: &Dispatcher) -> bool {
    SYNCHRONOUS.with(|moving| moving.borrow().contains(&address(dispatcher)))
}

/// Hands `job` to the compile thread (started at the first job), or gives it back when
/// there is none to take it (a forked child, a thread that could not start).
pub(super) fn submit(job: Job) -> Result<(), Job> {
    let queue = QUEUE.get_or_init(|| {
        let running = std::thread::Builder::new().name("pynum-tier1".to_owned()).spawn(serve).is_ok();
        Queue { jobs: Mutex::new(VecDeque::new()), ready: Condvar::new(), pid: std::process::id(), running }
    });
    if !queue.running || queue.pid != std::process::id() {
        return Err(job);
    }
    queue.jobs.lock().push_back(job);
    queue.ready.notify_one();
    Ok(())
}

/// The compile thread: takes jobs in order, for ever (the process exits under it).
fn serve() {
    // The thread starts inside `get_or_init`, before the queue is stored.
    let queue = QUEUE.wait();
    loop {
        let job = {
            let mut jobs = queue.jobs.lock();
            loop {
                if let Some(job) = jobs.pop_front() {
                    break job;
                }
                queue.ready.wait(&mut jobs);
            }
        };
        run(job);
    }
}

/// Compiles `job` and leaves the outcome for its dispatcher. A panic in the compiler (a
/// bug) is an outcome too: the region stays interpreted.
pub(super) fn run(job: Job) {
    let started = Instant::now();
    let Job { pending, config, typing, options, use_code_cache } = job;
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        compile_attempts((*typing).attempts(), &options, &COMPILE_THREAD_ENGINE, use_code_cache)
    }))
    .unwrap_or_else(|_| Err("the compiler panicked (a bug in pynum)".to_owned()));
    // A rejection is logged here, as it is found, not when a later call installs it: a
    // program that ends first would leave the region out of `--jit-log`. The install
    // remembers it (`Dispatcher::install`).
    if let (Err(reason), true) = (&outcome, pending.announce) {
        super::events::record_rejection(&config, &pending.qualname, &pending.args, reason);
    }
    pending.finish(outcome, started.elapsed());
}
