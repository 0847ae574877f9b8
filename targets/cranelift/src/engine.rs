//! The Cranelift engine: the [`Backend`] value, which keeps the JIT modules compiled code
//! lives in. Every compile defines its functions into the engine's current `JITModule`
//! (one per engine, not one per specialization: the helper table is registered once and
//! the module's bookkeeping is shared) and finalizes them there.
//!
//! A `JITModule` frees its code only all at once, so dropping one specialization cannot
//! free that specialization's code. To bound what dropped code holds, a module is
//! *retired* after [`COMPILES_PER_MODULE`] compiles (or [`CODE_BYTES_PER_MODULE`] bytes
//! of code) and the next compile starts a fresh one; each piece of code holds its module
//! (an `Arc`), and a retired module's memory is freed when the last code compiled into it
//! is dropped. So the code of a dropped specialization stays until the other
//! specializations of its module are dropped too (at most `COMPILES_PER_MODULE - 1`), or
//! for as long as its module is the current one.
//!
//! Compiles from several threads take turns on the engine's lock (a compile takes a few
//! milliseconds); calls into compiled code never take it.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::Module as _;
use pynum_jit::backend::{Backend, BackendError, CodeFacts, DumpOptions, EntryFn, NativeCode};
use pynum_jit::lir;

use crate::translate::{translate_module, Translated};

/// Compiles a module takes before the next compile starts a fresh one. Large enough that
/// a module's fixed cost (the helper table, the declarations) is shared by many
/// specializations; small enough that dropped code does not pin much.
pub const COMPILES_PER_MODULE: u32 = 64;

/// Machine code a module takes before the next compile starts a fresh one.
pub const CODE_BYTES_PER_MODULE: usize = 1 << 20;

/// The Cranelift code generator, as a [`Backend`]: an engine whose JIT modules hold the
/// code it compiles. [`Cranelift::shared`] is the process's engine; code compiled by an
/// engine of its own stays valid after that engine is dropped, for as long as the code
/// itself lives.
#[derive(Debug, Default)]
pub struct Cranelift {
    state: Mutex<EngineState>,
}

/// The module new code goes into, and what it holds so far.
#[derive(Debug, Default)]
struct EngineState {
    /// `None` before the first compile and after the current module is retired.
    current: Option<Arc<CodeModule>>,
    compiles_in_current: u32,
    code_bytes_in_current: usize,
    /// Compiles so far: the prefix that keeps each compile's symbols unique in a module.
    compiles: u64,
    /// Modules this engine has started (for tests and statistics).
    modules_started: u64,
}

/// One `JITModule` and the code defined in it, freed when the last holder drops it.
struct CodeModule {
    /// `None` only while being freed.
    jit: Mutex<Option<JITModule>>,
}

impl std::fmt::Debug for CodeModule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CodeModule")
    }
}

impl Drop for CodeModule {
    fn drop(&mut self) {
        // `JITModule` leaks its code on drop so stray function pointers stay valid; here
        // no pointer is left to stray, so the code is freed.
        if let Some(jit) = self.jit.get_mut().unwrap_or_else(PoisonError::into_inner).take() {
            // SAFETY: this was the last `Arc`: the engine retired the module and every
            // `CraneliftCode` whose entry points into it is gone, so no call into its code
            // runs and none will.
            unsafe { jit.free_memory() };
        }
    }
}

impl Cranelift {
    /// An engine of its own; its first compile starts its first module.
    pub const fn new() -> Cranelift {
        Cranelift {
            state: Mutex::new(EngineState {
                current: None,
                compiles_in_current: 0,
                code_bytes_in_current: 0,
                compiles: 0,
                modules_started: 0,
            }),
        }
    }

    /// The process-wide engine: its current module lives as long as the process.
    pub fn shared() -> &'static Cranelift {
        static SHARED: Cranelift = Cranelift::new();
        &SHARED
    }

    /// JIT modules this engine has started.
    pub fn modules_started(&self) -> u64 {
        self.lock_state().modules_started
    }

    /// The engine's state; after a panic during a compile (a bug in Cranelift), the
    /// current module may hold half-defined code, so it is retired rather than reused.
    fn lock_state(&self) -> MutexGuard<'_, EngineState> {
        self.state.lock().unwrap_or_else(|poisoned| {
            let mut state = poisoned.into_inner();
            state.retire_current();
            self.state.clear_poison();
            state
        })
    }
}

impl EngineState {
    /// The module to compile into, started when there is none.
    fn current_module(&mut self) -> Result<Arc<CodeModule>, BackendError> {
        if let Some(module) = &self.current {
            return Ok(module.clone());
        }
        let isa = crate::isa().map_err(|e| BackendError::Internal(e.to_string()))?;
        let mut builder = JITBuilder::with_isa(isa, cranelift_module::default_libcall_names());
        for helper in lir::helpers() {
            builder.symbol(helper.symbol, helper.address);
        }
        let module = Arc::new(CodeModule { jit: Mutex::new(Some(JITModule::new(builder))) });
        self.current = Some(module.clone());
        self.modules_started += 1;
        Ok(module)
    }

    /// New code goes into a fresh module; the retired one is freed with its last code.
    fn retire_current(&mut self) {
        self.current = None;
        self.compiles_in_current = 0;
        self.code_bytes_in_current = 0;
    }
}

impl Backend for Cranelift {
    fn name(&self) -> &'static str {
        "cranelift"
    }

    fn compile(&self, module: &lir::Module, dumps: &DumpOptions) -> Result<Box<dyn NativeCode>, BackendError> {
        let mut state = self.lock_state();
        // Compile time, not time spent waiting for another thread's compile.
        let started = Instant::now();
        let code_module = state.current_module()?;
        let mut jit_guard =
            code_module.jit.lock().map_err(|_| BackendError::Internal("a JIT module poisoned by a panic".into()))?;
        let jit = jit_guard.as_mut().ok_or_else(|| BackendError::Internal("a freed JIT module".into()))?;
        let prefix = format!("{}:", state.compiles);
        state.compiles += 1;
        // A translation that fails defines nothing: the module stays usable.
        let translated = translate_module(jit, module, &prefix, dumps)?;
        let code_bytes = translated.functions.iter().map(|f| f.bytes.len()).sum::<usize>();
        let entry = match define_and_finalize(jit, &translated) {
            Ok(entry) => entry,
            Err(e) => {
                // Some functions may be defined and not finalized: a later finalize would
                // find their callees missing.
                drop(jit_guard);
                state.retire_current();
                return Err(e);
            }
        };
        drop(jit_guard);
        state.compiles_in_current += 1;
        state.code_bytes_in_current += code_bytes;
        if state.compiles_in_current >= COMPILES_PER_MODULE || state.code_bytes_in_current >= CODE_BYTES_PER_MODULE {
            state.retire_current();
        }
        Ok(Box::new(CraneliftCode {
            _module: code_module,
            // Cranelift is the lowest tier: nothing moves into its code mid-call.
            facts: CodeFacts { entry, resume_entry: None, dumps: translated.dumps, compile_time: started.elapsed() },
        }))
    }
}

/// Places every function of `translated` in `jit`'s memory and finalizes them; returns
/// the entry.
fn define_and_finalize(jit: &mut JITModule, translated: &Translated) -> Result<EntryFn, BackendError> {
    for function in &translated.functions {
        jit.define_function_bytes(function.id, function.alignment, &function.bytes, &function.relocations)
            .map_err(|e| BackendError::Internal(format!("defining compiled code: {e}")))?;
    }
    jit.finalize_definitions().map_err(|e| BackendError::Internal(format!("finalizing: {e}")))?;
    let code = jit.get_finalized_function(translated.entry);
    // SAFETY: the entry was declared with exactly `EntryFn`'s signature.
    Ok(unsafe { std::mem::transmute::<*const u8, EntryFn>(code) })
}

/// A compiled module's entry, the dumps asked for, and the JIT module its code lives in
/// (kept alive for as long as the entry may be called).
struct CraneliftCode {
    _module: Arc<CodeModule>,
    facts: CodeFacts,
}

impl NativeCode for CraneliftCode {
    fn facts(&self) -> &CodeFacts {
        &self.facts
    }
}

/// Translates `module` (verified LIR) with the process's engine.
pub fn compile_module(module: &lir::Module, dumps: &DumpOptions) -> Result<Box<dyn NativeCode>, BackendError> {
    Cranelift::shared().compile(module, dumps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lir::{BlockData, Function, Inst, MType, Module, Op, Terminator, Var};

    /// `add_k(x) = x + k`: a module per `k`, so each compile is distinct code.
    fn add_k(k: i64) -> Module {
        let insts = vec![
            Inst { op: Op::Iconst { dst: Var(1), value: k }, line: 1 },
            Inst { op: Op::Binary { op: lir::BinaryOp::Iadd, dst: Var(2), lhs: Var(0), rhs: Var(1) }, line: 1 },
        ];
        let block = BlockData { insts, terminator: Terminator::Return(vec![Var(2)]), terminator_line: 1 };
        let function = Function {
            name: format!("add_{k}"),
            params: vec![Var(0)],
            results: vec![MType::I64],
            vars: vec![MType::I64; 3],
            blocks: vec![block],
        };
        Module { functions: vec![function], ..Module::default() }
    }

    fn call(code: &dyn NativeCode, x: i64) -> i64 {
        let mut out = [0u64; 4];
        // SAFETY: `add_k` takes one word and writes one.
        let status = unsafe { (code.entry())([x as u64].as_ptr(), out.as_mut_ptr(), 10) };
        assert_eq!(status, lir::Status::Ok as u32);
        out[0] as i64
    }

    fn compile(engine: &Cranelift, module: &Module) -> Box<dyn NativeCode> {
        match engine.compile(module, &DumpOptions::default()) {
            Ok(code) => code,
            Err(e) => panic!("{e}"),
        }
    }

    /// Compiles share a module until it is full; code of the retired module still runs.
    #[test]
    fn compiles_share_a_module_until_it_is_full() {
        let engine = Cranelift::new();
        let codes: Vec<_> = (0..=i64::from(COMPILES_PER_MODULE)).map(|k| compile(&engine, &add_k(k))).collect();
        assert_eq!(engine.modules_started(), 2);
        for (k, code) in codes.iter().enumerate() {
            assert_eq!(call(&**code, 1000), 1000 + k as i64);
        }
    }

    /// Code stays valid after its engine is dropped, for as long as the code lives.
    #[test]
    fn code_outlives_its_engine() {
        let engine = Cranelift::new();
        let code = compile(&engine, &add_k(7));
        drop(engine);
        assert_eq!(call(&*code, 5), 12);
    }

    /// A compile that fails defines nothing: the module goes on taking code.
    #[test]
    fn a_failed_compile_leaves_the_module_usable() {
        let engine = Cranelift::new();
        let first = compile(&engine, &add_k(1));
        let mut bad = add_k(2);
        bad.functions[0].blocks[0].insts.push(Inst {
            op: Op::CallHelper { dst: Var(1), helper: "pynum_no_such_helper".into(), args: Vec::new() },
            line: 1,
        });
        assert!(matches!(engine.compile(&bad, &DumpOptions::default()), Err(BackendError::Internal(_))));
        let mut unsupported_callee = add_k(3);
        unsupported_callee.functions[0].blocks[0]
            .insts
            .push(Inst { op: Op::Call { dsts: Vec::new(), callee: 9, args: Vec::new() }, line: 1 });
        assert!(engine.compile(&unsupported_callee, &DumpOptions::default()).is_err());
        let second = compile(&engine, &add_k(4));
        assert_eq!(engine.modules_started(), 1);
        assert_eq!((call(&*first, 1), call(&*second, 1)), (2, 5));
    }

    /// Compiles from several threads into one engine, each thread's code called from
    /// another thread.
    #[test]
    fn compiles_from_several_threads() {
        let engine = Cranelift::new();
        let engine = &engine;
        let codes: Vec<Vec<Box<dyn NativeCode>>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..4)
                .map(|t| scope.spawn(move || (0..40).map(|k| compile(engine, &add_k(t * 100 + k))).collect::<Vec<_>>()))
                .collect();
            workers.into_iter().map(|w| w.join().unwrap_or_default()).collect()
        });
        std::thread::scope(|scope| {
            for (t, codes) in codes.iter().enumerate() {
                scope.spawn(move || {
                    for (k, code) in codes.iter().enumerate() {
                        assert_eq!(call(&**code, 0), (t * 100 + k) as i64);
                    }
                });
            }
        });
        assert_eq!(codes.iter().map(Vec::len).sum::<usize>(), 160);
        assert_eq!(engine.modules_started(), 3, "160 compiles, 64 a module");
    }

    /// The resident memory `compiles` compiles add, in KiB each: into one engine, and
    /// into an engine each (one JIT module per compile, as before the engine kept them).
    /// `cargo test --release -p pynum-cranelift memory_per_compile -- --ignored --nocapture`
    #[test]
    #[ignore = "a measurement, not a check"]
    fn memory_per_compile() {
        fn resident_kib() -> i64 {
            let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
            let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap_or("VmRSS: 0 kB");
            line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).unwrap_or(0)
        }
        let compiles = 2000;
        let modules: Vec<Module> = (0..compiles).map(add_k).collect();
        // Warm up: the ISA and the allocator's first arenas.
        drop(compile(&Cranelift::new(), &modules[0]));
        let before = resident_kib();
        let engine = Cranelift::new();
        let shared: Vec<_> = modules.iter().map(|m| compile(&engine, m)).collect();
        let with_shared = resident_kib();
        let own: Vec<_> = modules.iter().map(|m| compile(&Cranelift::new(), m)).collect();
        let with_own = resident_kib();
        println!(
            "{compiles} compiles: {:.2} KiB each into one engine ({} modules), {:.2} KiB each with a module each",
            (with_shared - before) as f64 / compiles as f64,
            engine.modules_started(),
            (with_own - with_shared) as f64 / compiles as f64
        );
        drop((shared, own));
    }
}
