//! The `Backend` trait: what a code generator (Cranelift now, LLVM and NVPTX later)
//! provides. A backend translates LIR, which already says everything Python's semantics
//! require, into machine code that follows the native ABI
//! ([`pynum_runtime::abi`]); it knows nothing of Python.

use std::time::Duration;

use crate::ir::Const;
use crate::lir;

/// The exported entry of compiled code: arguments as 64-bit words, results written to
/// `out`, `depth` nested native calls allowed; returns a `Status` code.
pub type EntryFn = unsafe extern "C" fn(args: *const u64, out: *mut u64, depth: i64) -> u32;

/// What a backend keeps for dumps besides the code.
#[derive(Debug, Clone, Default)]
pub struct DumpOptions {
    /// The backend's own IR as built (for `--dump-clif`).
    pub keep_ir: bool,
    /// The backend's IR after its optimizer (for `--dump-optimized`).
    pub keep_optimized: bool,
    /// The machine code, disassembled (for `--dump-asm`).
    pub keep_asm: bool,
    /// The machine code as a relocatable object that names every address outside
    /// itself by symbol, for the tier-2 code cache (a backend that cannot make one
    /// leaves [`Dumps::object`] empty).
    pub keep_object: bool,
}

/// Why a backend did not compile a module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BackendError {
    /// LIR this backend does not translate (yet): the region stays interpreted.
    Unsupported(String),
    /// The code generator rejected what the backend built, or the module failed the LIR
    /// verifier: a bug.
    Internal(String),
}

impl std::fmt::Display for BackendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BackendError::Unsupported(what) => write!(f, "the backend cannot translate {what}"),
            BackendError::Internal(what) => write!(f, "backend error: {what}"),
        }
    }
}

impl std::error::Error for BackendError {}

/// Compiled code of one module: `entry` stays valid for as long as the value lives.
/// Dropping it releases the code, which the backend may free later (Cranelift frees code
/// with the rest of its JIT module).
pub trait NativeCode: Send + Sync {
    /// What every backend reports of its code the same way; the backend's own value
    /// keeps whatever owns the machine code alive beside it.
    fn facts(&self) -> &CodeFacts;
    /// The root function's exported entry.
    fn entry(&self) -> EntryFn {
        self.facts().entry
    }
    /// The root's resume entry, which continues a call that left lower-tier code with
    /// `Status::TierUp` (the state it left is its `args`): for code with tier-up exits,
    /// from a backend that makes resume entries.
    fn resume_entry(&self) -> Option<EntryFn> {
        self.facts().resume_entry
    }
    /// The backend's IR, optimized IR and disassembly as the dump options asked.
    fn dumps(&self) -> Dumps {
        self.facts().dumps.clone()
    }
    fn compile_time(&self) -> Duration {
        self.facts().compile_time
    }
}

/// The entry, dumps and compile time of one compiled module.
#[derive(Debug, Clone)]
pub struct CodeFacts {
    pub entry: EntryFn,
    pub resume_entry: Option<EntryFn>,
    pub dumps: Dumps,
    pub compile_time: Duration,
}

/// Textual dumps of compiled code; empty when not asked for.
#[derive(Debug, Clone, Default)]
pub struct Dumps {
    pub ir: String,
    pub optimized: String,
    pub asm: String,
    /// An ELF object of the code ([`DumpOptions::keep_object`]).
    pub object: Vec<u8>,
}

/// A code generator.
pub trait Backend {
    /// A short name for logs and tests (`cranelift`).
    fn name(&self) -> &'static str;
    /// Translates `module` (verified LIR) into native code whose entry runs
    /// `module.functions[0]`.
    fn compile(&self, module: &lir::Module, dumps: &DumpOptions) -> Result<Box<dyn NativeCode>, BackendError>;
    /// Whether the backend rotates loops itself (LLVM's `loop-rotate`): it is then given
    /// LIR's loops as written, since LIR's rotation ([`lir::rotate`]) only adds work to
    /// what it does better (sieve's tier-2 loop ran 25.5 ms rotated against 23.3 ms).
    fn rotates_loops_itself(&self) -> bool {
        false
    }

    /// Whether the backend turns a branch whose arms are plain arithmetic into a select
    /// (LLVM's SimplifyCFG): it is then given LIR whose guards moved out of such arms
    /// ([`lir::hoist_guards`]), which lets it. A backend that branches anyway would only
    /// run the guards on both paths (Cranelift: collatz at tier 1 took 81.7 ms with them
    /// moved, against 77.8 ms).
    fn selects_over_plain_arms(&self) -> bool {
        false
    }

    /// Whether the backend keeps what the LIR optimizer made of modules it compiled
    /// ([`Backend::recall_optimized`]): the code cache, whose hits then skip the
    /// optimizer. The driver prints the module as lowered only for such a backend.
    fn keeps_optimized_modules(&self) -> bool {
        false
    }

    /// The optimized module an earlier run kept for the module whose text as lowered
    /// (before [`lir::optimize`]) is `lowered`, under `python_semantics`.
    fn recall_optimized(&self, _lowered: &str, _python_semantics: bool) -> Option<lir::Module> {
        None
    }

    /// Keeps `optimized`, what the optimizer made of the module lowered as `lowered`.
    fn remember_optimized(&self, _lowered: &str, _python_semantics: bool, _optimized: &lir::Module) {}
}

/// A compiled specialization: the native code and the tables its exits refer to.
pub struct Compiled {
    pub code: Box<dyn NativeCode>,
    /// Words the root's result occupies in `out`.
    pub result_words: usize,
    /// Words the out buffer must hold: the result's, or a tier-up exit's state.
    pub out_words: usize,
    /// Whether the root has tier-up exits (safepoints that may move a running call to
    /// the next tier's resume entry).
    pub tiers_up: bool,
    pub raises: Vec<(String, Vec<Const>)>,
    pub deopt_sites: Vec<(String, u32)>,
    /// Its code allocates in the native arena (to empty after the call).
    pub makes_lists: bool,
    /// Its code may write into the copies it is given ([`lir::Module::writes_memory`]):
    /// without, the dispatcher keeps no originals and writes nothing back.
    pub writes_memory: bool,
    /// The LIR it was compiled from, printed (for `--dump-lir`), when asked for.
    pub lir: String,
    /// The LIR it was compiled from, before the backend's copy
    /// ([`lir::optimize::for_backend`]): what a higher tier compiles again.
    pub module: std::sync::Arc<lir::Module>,
}
