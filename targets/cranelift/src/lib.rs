//! Tier 1: typed pynum IR lowered to machine code with Cranelift, compiled in-process
//! with `cranelift-jit`.
//!
//! One calling convention for every native tier: a function returns a status word
//! (`pynum_runtime::Status`) and writes its result through an out-pointer, so errors
//! leave native code cleanly. Inside a module, functions take their arguments as typed
//! machine values (`i64`, `f64`, `i8`); the exported entry takes them as an array of
//! 64-bit words, which is what the dispatcher packs.
//!
//! Assumes typed IR from `pynum_jit::typeinfer` with `@njit` semantics: 64-bit ints wrap,
//! division by zero raises `ZeroDivisionError` (Numba's `error_model='python'`).

mod lower;
mod translate;

use std::time::{Duration, Instant};

use cranelift_codegen::ir::{types, AbiParam, InstBuilder, MemFlagsData, Signature};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{FuncId, Linkage, Module};
use pynum_jit::ir::Const;
use pynum_jit::typeinfer::{Inferencer, Typed, TypingError};
use pynum_jit::types::Type;

pub use lower::{parts, LowerError, UNBOUND_LOCAL_READ};
pub use translate::{compile_module, Cranelift};

/// The exported entry: arguments as 64-bit words, results written to `out`.
/// `depth` is how many nested native calls the interpreter's recursion limit still
/// allows; deeper calls return `Status::RecursionLimit`.
pub type EntryFn = unsafe extern "C" fn(args: *const u64, out: *mut u64, depth: i64) -> u32;

/// A compiled specialization and the module that owns its code.
pub struct CompiledModule {
    // Dropping the module would free the code `entry` points into.
    _module: JITModule,
    pub entry: EntryFn,
    /// The words the result occupies in `out`.
    pub result_words: usize,
    /// Exceptions `static_raise` sites raise, by index.
    pub raises: Vec<(String, Vec<Const>)>,
    /// Why and where each deoptimization site leaves (its index is in word 0 of the out
    /// buffer when the status is `Deopt`).
    pub deopt_sites: Vec<(&'static str, u32)>,
    /// Whether its code makes lists (in the runtime's arena, to empty after the call).
    pub makes_lists: bool,
    /// The Cranelift IR of every function, for `--dump-clif`.
    pub clif: String,
    /// The same after Cranelift's optimizer (e-graph rewrites, GVN, code motion), for
    /// `--dump-optimized`.
    pub optimized: String,
    /// Machine code of every function, disassembled when available, for `--dump-asm`.
    pub asm: String,
    pub compile_time: Duration,
}

#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Keep the textual Cranelift IR (costs time; for dumps).
    pub keep_clif: bool,
    /// Keep the Cranelift IR as its optimizer left it (for `--dump-optimized`).
    pub keep_optimized: bool,
    /// Keep the machine code, disassembled with `objdump` when it is installed (for dumps).
    pub keep_asm: bool,
    /// Automatic mode: where Python's result would leave what the machine represents (an
    /// int beyond 64 bits, a float error Python raises, an inexact int-to-float
    /// comparison), return `Status::Deopt` instead of Numba's wrapped answer.
    pub python_semantics: bool,
}

/// The typed functions `root` calls, transitively, each once (root first).
pub fn reachable_functions(root: &Typed, inferencer: &mut Inferencer<'_>) -> Result<Vec<Typed>, TypingError> {
    let mut found: Vec<Typed> = vec![root.clone()];
    let mut next = 0;
    while next < found.len() {
        let current = found[next].clone();
        next += 1;
        for (qualname, args) in lower::direct_calls(&current) {
            if found.iter().any(|t| t.function.qualname == qualname && t.args == args) {
                continue;
            }
            found.push(inferencer.infer(&qualname, &args)?);
        }
    }
    Ok(found)
}

/// The native name of a specialization, unique per (function, argument types).
pub fn mangle(qualname: &str, args: &[Type]) -> String {
    let args: Vec<String> = args.iter().map(Type::to_string).collect();
    format!("{qualname}({})", args.join(", "))
}

/// x86-64 machine code as text: `objdump` when the machine has it, hex bytes otherwise.
fn disassemble(code: &[u8]) -> String {
    let path = std::env::temp_dir().join(format!("pynum-asm-{}.bin", std::process::id()));
    let disassembled = std::fs::write(&path, code).ok().and_then(|()| {
        std::process::Command::new("objdump")
            .args(["-D", "-b", "binary", "-m", "i386:x86-64", "-M", "intel", "--no-show-raw-insn"])
            .arg(&path)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| {
                String::from_utf8_lossy(&o.stdout)
                    .lines()
                    .filter(|l| l.starts_with(' ') && l.contains(':'))
                    .collect::<Vec<_>>()
                    .join("\n")
            })
    });
    let _ = std::fs::remove_file(&path);
    disassembled.unwrap_or_else(|| code.chunks(16).map(|c| c.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")).collect::<Vec<_>>().join("\n"))
}

/// The host ISA, detected and configured once per process.
fn isa() -> Result<std::sync::Arc<dyn cranelift_codegen::isa::TargetIsa>, LowerError> {
    static ISA: std::sync::OnceLock<Result<std::sync::Arc<dyn cranelift_codegen::isa::TargetIsa>, LowerError>> =
        std::sync::OnceLock::new();
    ISA.get_or_init(host_isa).clone()
}

fn host_isa() -> Result<std::sync::Arc<dyn cranelift_codegen::isa::TargetIsa>, LowerError> {
    let mut flags = settings::builder();
    let set = |flags: &mut settings::Builder, k: &str, v: &str| flags.set(k, v).map_err(|e| LowerError::Backend(e.to_string()));
    set(&mut flags, "opt_level", "speed")?;
    // Cranelift's verifier runs after each of its passes: 3.2M of the 8.3M instructions
    // that compiling mandelbrot's function takes. As in Wasmtime, it runs in debug
    // builds; release builds run it when `PYNUM_VERIFY_CLIF` is set, as the test suite
    // does, so every test still checks every function pynum builds.
    let verify = cfg!(debug_assertions) || std::env::var_os("PYNUM_VERIFY_CLIF").is_some_and(|v| !v.is_empty() && v != "0");
    set(&mut flags, "enable_verifier", if verify { "true" } else { "false" })?;
    set(&mut flags, "use_colocated_libcalls", "false")?;
    set(&mut flags, "is_pic", "false")?;
    let builder = cranelift_native::builder().map_err(|e| LowerError::Backend(e.to_string()))?;
    builder.finish(settings::Flags::new(flags)).map_err(|e| LowerError::Backend(e.to_string()))
}

/// Compiles `functions` (the root first, as [`reachable_functions`] returns them) into
/// one module and returns the root's entry.
pub fn compile(functions: &[Typed], options: &Options) -> Result<CompiledModule, LowerError> {
    let started = Instant::now();
    let mut builder = JITBuilder::with_isa(isa()?, cranelift_module::default_libcall_names());
    lower::register_runtime_symbols(&mut builder);
    let mut module = JITModule::new(builder);
    let pointer = module.target_config().pointer_type();

    let mut ids: Vec<(String, FuncId)> = Vec::new();
    for typed in functions {
        let name = mangle(&typed.function.qualname, &typed.args);
        let sig = lower::internal_signature(&module, typed)?;
        let id = module
            .declare_function(&name, Linkage::Local, &sig)
            .map_err(|e| LowerError::Backend(e.to_string()))?;
        ids.push((name, id));
    }
    let mut tables = lower::SideTables::default();
    let mut clif = String::new();
    let mut optimized = String::new();
    let mut asm = String::new();
    let mut ctx = module.make_context();
    let mut fb_ctx = FunctionBuilderContext::new();
    for (typed, (name, id)) in functions.iter().zip(&ids) {
        ctx.func.signature = lower::internal_signature(&module, typed)?;
        lower::lower_function(&mut module, &mut ctx.func, &mut fb_ctx, typed, &ids, &mut tables, options.python_semantics)?;
        if options.keep_clif {
            clif.push_str(&format!("; {name}\n{}\n", ctx.func.display()));
        }
        module.define_function(*id, &mut ctx).map_err(|e| LowerError::Backend(format!("{name}: {e:?}")))?;
        if options.keep_optimized {
            optimized.push_str(&format!("; {name}\n{}\n", ctx.func.display()));
        }
        if options.keep_asm {
            if let Some(code) = ctx.compiled_code() {
                asm.push_str(&format!("; {name}\n{}\n", disassemble(code.code_buffer())));
            }
        }
        module.clear_context(&mut ctx);
    }

    // The entry: unpack argument words, call the root, return its status.
    let root = &functions[0];
    let mut entry_sig = Signature::new(module.isa().default_call_conv());
    entry_sig.params.push(AbiParam::new(pointer));
    entry_sig.params.push(AbiParam::new(pointer));
    entry_sig.params.push(AbiParam::new(types::I64));
    entry_sig.returns.push(AbiParam::new(types::I32));
    let entry_id = module
        .declare_function("pynum_entry", Linkage::Export, &entry_sig)
        .map_err(|e| LowerError::Backend(e.to_string()))?;
    ctx.func.signature = entry_sig;
    {
        let mut b = FunctionBuilder::new(&mut ctx.func, &mut fb_ctx);
        let block = b.create_block();
        b.append_block_params_for_function_params(block);
        b.switch_to_block(block);
        b.seal_block(block);
        let (args_ptr, out_ptr, depth) = (b.block_params(block)[0], b.block_params(block)[1], b.block_params(block)[2]);
        let mut call_args = Vec::new();
        let mut offset = 0i32;
        for ty in &root.args {
            for part in parts(ty)? {
                let word = b.ins().load(types::I64, MemFlagsData::trusted(), args_ptr, offset);
                call_args.push(lower::from_word(&mut b, word, part));
                offset += 8;
            }
        }
        call_args.push(out_ptr);
        call_args.push(depth);
        let callee = module.declare_func_in_func(ids[0].1, b.func);
        let call = b.ins().call(callee, &call_args);
        let status = b.inst_results(call)[0];
        b.ins().return_(&[status]);
        b.finalize(module.target_config());
    }
    if options.keep_clif {
        clif.push_str(&format!("; entry\n{}\n", ctx.func.display()));
    }
    module.define_function(entry_id, &mut ctx).map_err(|e| LowerError::Backend(format!("entry: {e:?}")))?;
    module.clear_context(&mut ctx);
    module.finalize_definitions().map_err(|e| LowerError::Backend(e.to_string()))?;
    let code = module.get_finalized_function(entry_id);
    // SAFETY: the entry was declared with exactly this signature.
    let entry: EntryFn = unsafe { std::mem::transmute::<*const u8, EntryFn>(code) };
    let result_words = parts(&root.return_type)?.len();
    Ok(CompiledModule {
        _module: module,
        entry,
        result_words,
        raises: tables.raises,
        deopt_sites: tables.deopt_sites,
        makes_lists: tables.makes_lists,
        clif,
        optimized,
        asm,
        compile_time: started.elapsed(),
    })
}
