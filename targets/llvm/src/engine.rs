//! The LLVM engine: the [`Backend`] value. Each compile gets an LLVM context, module and
//! MCJIT engine of its own, owned by the [`NativeCode`] it returns, so dropping a
//! specialization frees its code at once (no module shared between compiles to retire,
//! unlike Cranelift's engine) and compiles on several threads share nothing.
//!
//! Why MCJIT and not ORC: inkwell 0.11 exposes MCJIT only, and a compile's time is the
//! O3 pipeline and the code generator, which are the same under either (measured for a
//! small loop: see `ARCHITECTURE.md`); MCJIT with a memory manager of our own also
//! tells `--dump-asm` where the code is.
//!
//! Assumes the target details of [`TargetSpec::host`]; calls into compiled code never
//! touch LLVM.

use std::collections::HashMap;
use std::time::Instant;

use inkwell::context::Context;
use inkwell::execution_engine::ExecutionEngine;
use inkwell::module::{Linkage, Module};
use inkwell::targets::{CodeModel, FileType};
use pynum_jit::backend::{Backend, BackendError, CodeFacts, DumpOptions, Dumps, EntryFn, NativeCode};
use pynum_jit::lir;

use crate::memory::{CodeRanges, SectionMemory};
use crate::target::TargetSpec;
use crate::translate::{translate_module, ENTRY, POLL_FLAGS, RESUME_ENTRY};

/// The LLVM code generator, as a [`Backend`]. It keeps no state: every compile is
/// independent.
#[derive(Debug, Default)]
pub struct Llvm {
    /// Where the runtime helpers are, by symbol, when not at this crate's own addresses
    /// (built as a shared object, the code must call the host's: `shared_object.rs`).
    helper_addresses: Option<HashMap<String, usize>>,
}

impl Llvm {
    pub const fn new() -> Llvm {
        Llvm { helper_addresses: None }
    }

    /// An engine whose code calls the helpers at `addresses` (by ABI symbol).
    pub fn with_helper_addresses(addresses: HashMap<String, usize>) -> Llvm {
        Llvm { helper_addresses: Some(addresses) }
    }

    /// The address native code calls for the helper `symbol`.
    fn helper_address(&self, symbol: &str) -> Option<usize> {
        match &self.helper_addresses {
            Some(addresses) => addresses.get(symbol).copied(),
            None => lir::helper(symbol).map(|helper| helper.address as usize),
        }
    }

    /// The process-wide engine.
    pub fn shared() -> &'static Llvm {
        static SHARED: Llvm = Llvm::new();
        &SHARED
    }
}

impl Backend for Llvm {
    fn name(&self) -> &'static str {
        "llvm"
    }

    fn rotates_loops_itself(&self) -> bool {
        true
    }

    fn selects_over_plain_arms(&self) -> bool {
        true
    }

    fn compile(&self, module: &lir::Module, dumps: &DumpOptions) -> Result<Box<dyn NativeCode>, BackendError> {
        let started = Instant::now();
        let context = Box::new(Context::create());
        // SAFETY: the context lives in the returned code, which drops everything made from
        // it (engine, module) before it (field order of `LlvmCode`); nothing else keeps a
        // reference.
        let context_ref: &'static Context = unsafe { &*(&*context as *const Context) };
        let (engine, llvm_module, ranges, out) = compile_in(context_ref, module, dumps, |s| self.helper_address(s))?;
        let entry = engine
            .get_function_address(ENTRY)
            .map_err(|e| BackendError::Internal(format!("the entry's address: {e}")))?;
        // Present when the root has tier-up exits (`translate::RESUME_ENTRY`).
        let resume_entry = module.functions[0]
            .resume_blocks()
            .first()
            .map(|_| engine.get_function_address(RESUME_ENTRY))
            .transpose()
            .map_err(|e| BackendError::Internal(format!("the resume entry's address: {e}")))?;
        let mut out = out;
        if dumps.keep_asm {
            out.asm = disassemble(&engine, &llvm_module, &ranges);
        }
        // SAFETY: the entry was built with exactly `EntryFn`'s signature.
        let entry = unsafe { std::mem::transmute::<usize, EntryFn>(entry) };
        // SAFETY: the resume entry was built with `EntryFn`'s signature too.
        let resume_entry = resume_entry.map(|address| unsafe { std::mem::transmute::<usize, EntryFn>(address) });
        Ok(Box::new(LlvmCode {
            facts: CodeFacts { entry, resume_entry, dumps: out, compile_time: started.elapsed() },
            _engine: engine,
            _module: llvm_module,
            _context: context,
        }))
    }
}

type Compiled<'ctx> = (ExecutionEngine<'ctx>, Module<'ctx>, CodeRanges, Dumps);

/// Translates, verifies, optimizes and loads `module` in `context`.
fn compile_in<'ctx>(
    context: &'ctx Context,
    module: &lir::Module,
    dumps: &DumpOptions,
    helper_address: impl Fn(&str) -> Option<usize>,
) -> Result<Compiled<'ctx>, BackendError> {
    let spec = TargetSpec::host();
    let machine = spec.machine().map_err(BackendError::Internal)?;
    let llvm_module = translate_module(context, module, spec)?;
    spec.configure(&llvm_module, &machine);
    let mut out = Dumps::default();
    if dumps.keep_ir {
        out.ir = llvm_module.print_to_string().to_string();
    }
    llvm_module.verify().map_err(|e| BackendError::Internal(format!("LLVM's verifier: {e}")))?;
    spec.optimize(&llvm_module, &machine).map_err(BackendError::Internal)?;
    if dumps.keep_optimized {
        out.optimized = llvm_module.print_to_string().to_string();
    }
    if dumps.keep_object {
        // From a copy: the code generator rewrites the IR it is given, and the engine
        // below generates code from the module again.
        let copy = llvm_module.clone();
        let buffer = spec
            .object_machine()
            .and_then(|m| m.write_to_memory_buffer(&copy, FileType::Object).map_err(|e| e.to_string()))
            .map_err(|e| BackendError::Internal(format!("the object file: {e}")))?;
        out.object = buffer.as_slice().to_vec();
    }
    // What the optimizer left of the module's functions keeps a symbol, for the dumps.
    for function in llvm_module.get_functions() {
        if function.count_basic_blocks() > 0 {
            function.set_linkage(Linkage::External);
        }
    }
    let (memory, ranges) = SectionMemory::new();
    let engine = llvm_module
        .create_mcjit_execution_engine_with_memory_manager(memory, spec.codegen, CodeModel::JITDefault, false, false)
        .map_err(|e| BackendError::Internal(format!("MCJIT: {e}")))?;
    // Runtime helpers by the ABI table's address (the host's, in a shared object), not by
    // a symbol lookup in the process; the poll flags likewise.
    if let Some(flags) = llvm_module.get_global(POLL_FLAGS) {
        engine.add_global_mapping(&flags, pynum_runtime::poll_flags_address());
    }
    for function in llvm_module.get_functions() {
        let name = function.get_name().to_string_lossy();
        if function.count_basic_blocks() == 0 {
            if let Some(address) = helper_address(&name) {
                engine.add_global_mapping(&function, address);
            }
        }
    }
    Ok((engine, llvm_module, ranges, out))
}

/// Each function's machine code, disassembled: from its address to the next function's
/// or to the end of its section.
fn disassemble(engine: &ExecutionEngine<'_>, module: &Module<'_>, ranges: &CodeRanges) -> String {
    let sections = ranges.code();
    let mut starts: Vec<(usize, String)> = module
        .get_functions()
        .filter(|f| f.count_basic_blocks() > 0)
        .filter_map(|f| {
            let name = f.get_name().to_string_lossy().into_owned();
            engine.get_function_address(&name).ok().map(|address| (address, name))
        })
        .collect();
    starts.sort();
    let mut text = String::new();
    for (i, (address, name)) in starts.iter().enumerate() {
        let Some(&(start, size)) = sections.iter().find(|&&(s, n)| (s..s + n).contains(address)) else { continue };
        let end = starts.get(i + 1).map_or(start + size, |&(next, _)| next.min(start + size)).max(*address);
        // SAFETY: `address..end` lies in a code section the engine finalized and still owns.
        let bytes = unsafe { std::slice::from_raw_parts(*address as *const u8, end - address) };
        text.push_str(&format!("; {name}\n{}\n", pynum_disasm::disassemble(bytes)));
    }
    text
}

/// Compiled code: the entry and the LLVM objects that own its memory.
struct LlvmCode {
    facts: CodeFacts,
    // Dropped in this order: the engine (which frees the code and the module), then the
    // context they were made in.
    _engine: ExecutionEngine<'static>,
    _module: Module<'static>,
    _context: Box<Context>,
}

// SAFETY: the LLVM objects are reached only when the code is dropped, which happens once,
// on whichever thread; they belong to this compile alone (their own context). `entry`
// and the dumps are plain data.
unsafe impl Send for LlvmCode {}
unsafe impl Sync for LlvmCode {}

impl NativeCode for LlvmCode {
    fn facts(&self) -> &CodeFacts {
        &self.facts
    }
}

#[cfg(test)]
mod tests {
    //! What only LLVM shows: its dumps. Every backend's behaviour on hand-built LIR is
    //! tested by `pynum-backend-tests` (`tests/lir_run.rs`).
    use super::Llvm;
    use pynum_backend_tests::hand_built::{compile, module, run, Build};
    use pynum_jit::backend::{Backend, DumpOptions};
    use pynum_jit::lir::{BinaryOp, MType, Terminator};

    /// LLVM IR before and after O3, and the machine code of each function left, as asked.
    #[test]
    fn dumps_show_the_ir_before_and_after_optimization_and_the_code() {
        let (mut b, p) = Build::new("twice(int64)", &[MType::I64], &[MType::I64]);
        let block = b.block();
        let sum = b.binary(block, BinaryOp::Iadd, p[0], p[0]);
        b.end(block, Terminator::Return(vec![sum]));
        let m = module(vec![b.done()]);
        let all = DumpOptions { keep_ir: true, keep_optimized: true, keep_asm: true, keep_object: false };
        let code = Llvm::shared().compile(&m, &all).unwrap();
        let dumps = code.dumps();
        assert!(dumps.ir.contains("define internal i32 @\"0:twice(int64)\"(i64"), "{}", dumps.ir);
        assert!(dumps.ir.contains("define i32 @pynum_entry(ptr"), "{}", dumps.ir);
        // O3 inlines the root into the entry and folds the stack slot away.
        assert!(dumps.optimized.contains("@pynum_entry") && !dumps.optimized.contains("alloca"), "{}", dumps.optimized);
        assert!(dumps.asm.starts_with("; pynum_entry\n    0: ") && dumps.asm.contains("ret"), "{}", dumps.asm);
        assert_eq!(run(&*code, &[21]).1[0], 42);
        let quiet = compile(Llvm::shared(), &m).dumps();
        assert!(quiet.ir.is_empty() && quiet.optimized.is_empty() && quiet.asm.is_empty());
        assert_eq!(Llvm::shared().name(), "llvm");
    }

    /// Compiles on several threads at once share nothing.
    #[test]
    fn compiles_from_several_threads() {
        let threads: Vec<_> = (0..4i64)
            .map(|k| {
                std::thread::spawn(move || {
                    let (mut b, p) = Build::new("plus", &[MType::I64], &[MType::I64]);
                    let block = b.block();
                    let constant = b.iconst(block, MType::I64, k);
                    let sum = b.binary(block, BinaryOp::Iadd, p[0], constant);
                    b.end(block, Terminator::Return(vec![sum]));
                    let code = compile(Llvm::shared(), &module(vec![b.done()]));
                    run(&*code, &[100]).1[0]
                })
            })
            .collect();
        let sums: Vec<u64> = threads.into_iter().map(|t| t.join().unwrap()).collect();
        assert_eq!(sums, [100, 101, 102, 103]);
    }
}

#[cfg(test)]
mod measurements {
    //! Compile time of a small loop, phase by phase, against Cranelift's:
    //! `cargo test --release -p pynum-llvm compile_time -- --ignored --nocapture`.
    use std::time::{Duration, Instant};

    use pynum_backend_tests::hand_built::{module, Build};
    use pynum_jit::backend::{Backend, DumpOptions};
    use pynum_jit::lir::{self, BinaryOp, Exit, IntCC, MType, Op, OverflowOp, Terminator};

    /// `sum(i * i for i in range(n))` as the lowering writes it: checked multiply and
    /// add, an interrupt poll at the back edge.
    fn small_loop() -> lir::Module {
        use MType::{I1, I64};
        let (mut b, p) = Build::new("sum_squares(int64)", &[I64], &[I64]);
        let (entry, header, body, exit) = (b.block(), b.block(), b.block(), b.block());
        let i = b.iconst(entry, I64, 0);
        let acc = b.iconst(entry, I64, 0);
        b.end(entry, Terminator::Jump(header));
        let more = b.icmp(header, IntCC::Slt, i, p[0]);
        b.end(header, Terminator::Brif { cond: more, then: body, otherwise: exit });
        let (square, overflow) = (b.var(I64), b.var(I1));
        b.op(body, Op::Overflow { op: OverflowOp::Smul, dst: square, overflow, lhs: i, rhs: i });
        b.op(body, Op::ExitIf { cond: overflow, exit: Exit::Deopt(0) });
        let (sum, overflow) = (b.var(I64), b.var(I1));
        b.op(body, Op::Overflow { op: OverflowOp::Sadd, dst: sum, overflow, lhs: acc, rhs: square });
        b.op(body, Op::ExitIf { cond: overflow, exit: Exit::Deopt(0) });
        b.op(body, Op::Copy { dst: acc, src: sum });
        let one = b.iconst(body, I64, 1);
        let next = b.binary(body, BinaryOp::Iadd, i, one);
        b.op(body, Op::Copy { dst: i, src: next });
        let pending = b.var(I1);
        b.op(body, Op::PollPending { dst: pending });
        b.op(body, Op::ExitIf { cond: pending, exit: Exit::Deopt(0) });
        b.end(body, Terminator::Jump(header));
        b.end(exit, Terminator::Return(vec![acc]));
        let mut m = module(vec![b.done()]);
        m.deopt_sites = vec![("overflow".into(), 1)];
        m
    }

    fn median(mut times: Vec<Duration>) -> Duration {
        times.sort();
        times[times.len() / 2]
    }

    #[test]
    #[ignore = "a measurement, not a check"]
    fn compile_time() {
        use inkwell::context::Context;
        let m = small_loop();
        let none = DumpOptions::default();
        let rounds = 50;
        let llvm: Vec<Duration> =
            (0..rounds).map(|_| super::Llvm::shared().compile(&m, &none).unwrap().compile_time()).collect();
        let cranelift = pynum_cranelift::Cranelift::new();
        let clif: Vec<Duration> = (0..rounds).map(|_| cranelift.compile(&m, &none).unwrap().compile_time()).collect();
        // LLVM's phases: translation, the O3 pipeline, MCJIT's code generation.
        let spec = crate::target::TargetSpec::host();
        let (mut translate, mut optimize, mut codegen) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..rounds {
            let context = Context::create();
            let started = Instant::now();
            let machine = spec.machine().unwrap();
            let llvm_module = crate::translate::translate_module(&context, &m, spec).unwrap();
            spec.configure(&llvm_module, &machine);
            llvm_module.verify().unwrap();
            translate.push(started.elapsed());
            let started = Instant::now();
            spec.optimize(&llvm_module, &machine).unwrap();
            optimize.push(started.elapsed());
            let started = Instant::now();
            let (memory, _) = crate::memory::SectionMemory::new();
            let engine = llvm_module
                .create_mcjit_execution_engine_with_memory_manager(
                    memory,
                    spec.codegen,
                    inkwell::targets::CodeModel::JITDefault,
                    false,
                    false,
                )
                .unwrap();
            engine.get_function_address(crate::translate::ENTRY).unwrap();
            codegen.push(started.elapsed());
        }
        println!(
            "small loop, median of {rounds}: LLVM {:?} (translate {:?}, O3 {:?}, MCJIT codegen {:?}); Cranelift {:?}",
            median(llvm),
            median(translate),
            median(optimize),
            median(codegen),
            median(clif)
        );
    }
}
