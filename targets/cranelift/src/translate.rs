//! The Cranelift translation: a verified LIR module becomes Cranelift IR (one Cranelift
//! function per LIR function, plus the entry) and machine code, declared in the engine's
//! `JITModule` ([`crate::engine`] defines it there). Every LIR operation maps mechanically
//! onto Cranelift instructions; there are no Python semantics here, since the LIR already
//! spells out every check and guard.
//!
//! Assumes a module the LIR verifier accepted (variables, blocks, callees and helpers
//! exist and operands have the types their operations require); what is still malformed
//! comes back as `BackendError::Internal` naming the function, not as a panic. The calling
//! convention and out-buffer protocol are the ABI's ([`pynum_runtime::abi`]).

use std::collections::HashMap;

use cranelift_codegen::control::ControlPlane;
use cranelift_codegen::ir::{
    condcodes, types, AbiParam, Block as ClBlock, FuncRef, InstBuilder, MemFlagsData, Signature, StackSlotData,
    StackSlotKind, Type as ClType, Value,
};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use cranelift_jit::JITModule;
use cranelift_module::{FuncId, Linkage, Module as _, ModuleReloc};
use pynum_jit::backend::{BackendError, DumpOptions, Dumps};
use pynum_jit::lir::{self, BinaryOp, Exit, MType, Op, OverflowOp, Status, Terminator, UnaryOp, Var};

/// One function's machine code, compiled but not yet placed in the JIT module's memory.
pub(crate) struct MachineCode {
    pub id: FuncId,
    pub alignment: u64,
    pub bytes: Vec<u8>,
    pub relocations: Vec<ModuleReloc>,
}

/// A LIR module compiled for one JIT module: every function's machine code and the
/// entry's, to define there, and the dumps asked for.
pub(crate) struct Translated {
    pub functions: Vec<MachineCode>,
    pub entry: FuncId,
    pub dumps: Dumps,
}

/// Translates `module` (verified LIR) and compiles each function, declaring them in
/// `jit` under names starting with `prefix` (which the caller keeps unique per compile).
/// Nothing is defined in `jit`: a module that fails halfway leaves only declarations no
/// code refers to, so `jit` stays usable for the next compile.
pub(crate) fn translate_module(
    jit: &mut JITModule,
    module: &lir::Module,
    prefix: &str,
    dumps: &DumpOptions,
) -> Result<Translated, BackendError> {
    let root = module.functions.first().ok_or_else(|| BackendError::Internal("a module without functions".into()))?;
    let mut ids = Vec::with_capacity(module.functions.len());
    for (index, function) in module.functions.iter().enumerate() {
        let sig = internal_signature(jit, function);
        // The index keeps symbols unique even if two functions share a name.
        let id = jit
            .declare_function(&format!("{prefix}{index}:{}", function.name), Linkage::Local, &sig)
            .map_err(|e| BackendError::Internal(format!("{}: {e}", function.name)))?;
        ids.push(id);
    }

    let mut out = Dumps::default();
    let mut functions = Vec::with_capacity(module.functions.len() + 1);
    let mut ctx = jit.make_context();
    let mut fb_ctx = FunctionBuilderContext::new();
    for (function, &id) in module.functions.iter().zip(&ids) {
        let internal = |e: String| BackendError::Internal(format!("{}: {e}", function.name));
        ctx.func.signature = internal_signature(jit, function);
        translate_function(jit, &mut ctx.func, &mut fb_ctx, module, function, &ids).map_err(|e| match e {
            BackendError::Internal(what) => internal(what),
            unsupported => unsupported,
        })?;
        if dumps.keep_ir {
            out.ir.push_str(&format!("; {}\n{}\n", function.name, ctx.func.display()));
        }
        let code = compile_function(jit, &mut ctx, id).map_err(internal)?;
        if dumps.keep_optimized {
            out.optimized.push_str(&format!("; {}\n{}\n", function.name, ctx.func.display()));
        }
        if dumps.keep_asm {
            out.asm.push_str(&format!("; {}\n{}\n", function.name, pynum_disasm::disassemble(&code.bytes)));
        }
        functions.push(code);
        jit.clear_context(&mut ctx);
    }

    let entry = translate_entry(jit, &mut ctx, &mut fb_ctx, root, ids[0], prefix, dumps, &mut out)?;
    let entry_id = entry.id;
    functions.push(entry);
    Ok(Translated { functions, entry: entry_id, dumps: out })
}

/// Compiles the function `ctx` holds into machine code and the relocations its
/// definition as `id` needs.
fn compile_function(jit: &JITModule, ctx: &mut cranelift_codegen::Context, id: FuncId) -> Result<MachineCode, String> {
    ctx.compile(jit.isa(), &mut ControlPlane::default()).map_err(|e| format!("{:?}", e.inner))?;
    let compiled = ctx.compiled_code().ok_or("Cranelift kept no compiled code")?;
    let relocations =
        compiled.buffer.relocs().iter().map(|reloc| ModuleReloc::from_mach_reloc(reloc, &ctx.func, id)).collect();
    Ok(MachineCode {
        id,
        alignment: u64::from(compiled.buffer.alignment),
        bytes: compiled.code_buffer().to_vec(),
        relocations,
    })
}

/// The entry (the `EntryFn` the caller gets): unpacks one argument word per root
/// parameter, calls the root with the caller's out buffer and depth, returns its status.
#[allow(clippy::too_many_arguments)]
fn translate_entry(
    jit: &mut JITModule,
    ctx: &mut cranelift_codegen::Context,
    fb_ctx: &mut FunctionBuilderContext,
    root: &lir::Function,
    root_id: FuncId,
    prefix: &str,
    dumps: &DumpOptions,
    out: &mut Dumps,
) -> Result<MachineCode, BackendError> {
    let pointer = jit.target_config().pointer_type();
    let mut sig = Signature::new(jit.isa().default_call_conv());
    sig.params.push(AbiParam::new(pointer));
    sig.params.push(AbiParam::new(pointer));
    sig.params.push(AbiParam::new(types::I64));
    sig.returns.push(AbiParam::new(types::I32));
    let entry_id = jit
        .declare_function(&format!("{prefix}entry"), Linkage::Local, &sig)
        .map_err(|e| BackendError::Internal(format!("entry: {e}")))?;
    ctx.func.signature = sig;
    {
        let mut b = FunctionBuilder::new(&mut ctx.func, fb_ctx);
        let block = b.create_block();
        b.append_block_params_for_function_params(block);
        b.switch_to_block(block);
        b.seal_block(block);
        let (args_ptr, out_ptr, depth) = (b.block_params(block)[0], b.block_params(block)[1], b.block_params(block)[2]);
        let mut call_args = Vec::with_capacity(root.params.len() + 2);
        for (i, &param) in root.params.iter().enumerate() {
            let ty = root
                .vars
                .get(param.0 as usize)
                .copied()
                .ok_or_else(|| BackendError::Internal(format!("{}: no {param:?}", root.name)))?;
            let word = b.ins().load(types::I64, MemFlagsData::trusted(), args_ptr, (i * 8) as i32);
            call_args.push(from_word(&mut b, word, ty));
        }
        call_args.push(out_ptr);
        call_args.push(depth);
        let callee = jit.declare_func_in_func(root_id, b.func);
        let call = b.ins().call(callee, &call_args);
        let status = b.inst_results(call)[0];
        b.ins().return_(&[status]);
        b.finalize(jit.target_config());
    }
    if dumps.keep_ir {
        out.ir.push_str(&format!("; entry\n{}\n", ctx.func.display()));
    }
    let code = compile_function(jit, ctx, entry_id).map_err(|e| BackendError::Internal(format!("entry: {e}")))?;
    jit.clear_context(ctx);
    Ok(code)
}

/// The Cranelift type holding a LIR value: `i1` is a byte holding 0 or 1, as in memory.
fn cl_type(ty: MType) -> ClType {
    match ty {
        MType::I1 | MType::I8 => types::I8,
        MType::I64 | MType::Ptr => types::I64,
        MType::F64 => types::F64,
    }
}

/// A LIR function's signature: its typed parameters, the out pointer, the remaining call
/// depth; returns the status.
fn internal_signature(jit: &JITModule, function: &lir::Function) -> Signature {
    let mut sig = Signature::new(jit.isa().default_call_conv());
    for &param in &function.params {
        // A parameter without a variable is malformed; the translation reports it.
        let ty = function.vars.get(param.0 as usize).copied().unwrap_or(MType::I64);
        sig.params.push(AbiParam::new(cl_type(ty)));
    }
    sig.params.push(AbiParam::new(jit.target_config().pointer_type()));
    sig.params.push(AbiParam::new(types::I64));
    sig.returns.push(AbiParam::new(types::I32));
    sig
}

/// A value packed into a 64-bit word ([`pynum_runtime::abi::to_word`]).
fn to_word(b: &mut FunctionBuilder<'_>, value: Value, ty: MType) -> Value {
    match ty {
        MType::F64 => b.ins().bitcast(types::I64, MemFlagsData::new(), value),
        MType::I1 | MType::I8 => b.ins().uextend(types::I64, value),
        MType::I64 | MType::Ptr => value,
    }
}

/// A 64-bit word unpacked into a value ([`pynum_runtime::abi::from_word`]): narrow types
/// keep only their bits, so an `i1` is 0 or 1 whatever the word's other bits.
fn from_word(b: &mut FunctionBuilder<'_>, word: Value, ty: MType) -> Value {
    match ty {
        MType::F64 => b.ins().bitcast(types::F64, MemFlagsData::new(), word),
        MType::I8 => b.ins().ireduce(types::I8, word),
        MType::I1 => {
            let byte = b.ins().ireduce(types::I8, word);
            b.ins().band_imm_u(byte, 1)
        }
        MType::I64 | MType::Ptr => word,
    }
}

fn translate_function(
    jit: &mut JITModule,
    func: &mut cranelift_codegen::ir::Function,
    fb_ctx: &mut FunctionBuilderContext,
    module: &lir::Module,
    function: &lir::Function,
    ids: &[FuncId],
) -> Result<(), BackendError> {
    let mut b = FunctionBuilder::new(func, fb_ctx);
    // A variable defined once and read only in its block is the value its definition
    // made; the rest are Cranelift variables, which its SSA construction resolves.
    let local = function.block_local_variables();
    let vars: Vec<Option<Variable>> =
        function.vars.iter().zip(&local).map(|(&ty, &local)| (!local).then(|| b.declare_var(cl_type(ty)))).collect();
    // A separate entry block: LIR block 0 may be a branch target, Cranelift's entry may not.
    let entry = b.create_block();
    b.append_block_params_for_function_params(entry);
    let blocks: Vec<ClBlock> = function.blocks.iter().map(|_| b.create_block()).collect();
    let params = b.block_params(entry).to_vec();
    let (out, depth) = (params[params.len() - 2], params[params.len() - 1]);
    let mut t = Translator {
        b,
        jit,
        module,
        function,
        ids,
        vars,
        values: vec![None; function.vars.len()],
        blocks,
        helpers: HashMap::new(),
        callees: HashMap::new(),
        out,
        depth,
    };
    // On an error the function is half built and the whole module fails: finalizing it
    // would only trip the builder's checks that every block is filled.
    t.body(entry, &params)?;
    t.b.seal_all_blocks();
    let config = t.jit.target_config();
    t.b.finalize(config);
    Ok(())
}

/// Translates one LIR function into the Cranelift function its builder writes.
struct Translator<'a, 'f> {
    b: FunctionBuilder<'f>,
    jit: &'a mut JITModule,
    module: &'a lir::Module,
    function: &'a lir::Function,
    /// Each module function's declaration, by LIR index.
    ids: &'a [FuncId],
    /// One Cranelift variable per LIR variable that is not block-local, by index.
    vars: Vec<Option<Variable>>,
    /// The value of each block-local variable once defined.
    values: Vec<Option<Value>>,
    /// One Cranelift block per LIR block, by index.
    blocks: Vec<ClBlock>,
    helpers: HashMap<String, FuncRef>,
    callees: HashMap<u32, FuncRef>,
    out: Value,
    depth: Value,
}

impl Translator<'_, '_> {
    fn body(&mut self, entry: ClBlock, params: &[Value]) -> Result<(), BackendError> {
        self.b.switch_to_block(entry);
        for (&param, &value) in self.function.params.iter().zip(params) {
            self.def(param, value)?;
        }
        let first = *self.blocks.first().ok_or_else(|| BackendError::Internal("a function without blocks".into()))?;
        self.b.ins().jump(first, &[]);
        for (index, data) in self.function.blocks.iter().enumerate() {
            self.b.switch_to_block(self.blocks[index]);
            for inst in &data.insts {
                self.op(&inst.op)?;
            }
            self.terminator(&data.terminator)?;
        }
        Ok(())
    }

    fn ty(&self, var: Var) -> Result<MType, BackendError> {
        self.function
            .vars
            .get(var.0 as usize)
            .copied()
            .ok_or_else(|| BackendError::Internal(format!("no variable {var:?}")))
    }

    fn variable(&self, var: Var) -> Result<Option<Variable>, BackendError> {
        self.vars.get(var.0 as usize).copied().ok_or_else(|| BackendError::Internal(format!("no variable {var:?}")))
    }

    fn get(&mut self, var: Var) -> Result<Value, BackendError> {
        match self.variable(var)? {
            Some(v) => self.b.try_use_var(v).map_err(|e| BackendError::Internal(format!("reading {var:?}: {e}"))),
            None => self.values[var.0 as usize]
                .ok_or_else(|| BackendError::Internal(format!("{var:?} read before its definition"))),
        }
    }

    fn def(&mut self, var: Var, value: Value) -> Result<(), BackendError> {
        match self.variable(var)? {
            Some(v) => {
                self.b.try_def_var(v, value).map_err(|e| BackendError::Internal(format!("writing {var:?}: {e}")))
            }
            None => {
                let expected = cl_type(self.ty(var)?);
                if self.b.func.dfg.value_type(value) != expected {
                    return Err(BackendError::Internal(format!(
                        "writing {var:?}: a {} value into a {expected} variable",
                        self.b.func.dfg.value_type(value)
                    )));
                }
                self.values[var.0 as usize] = Some(value);
                Ok(())
            }
        }
    }

    fn block(&self, block: lir::Block) -> Result<ClBlock, BackendError> {
        self.blocks.get(block.0 as usize).copied().ok_or_else(|| BackendError::Internal(format!("no block {block:?}")))
    }

    /// Leaves the function with `exit`: the status, and in `out[0]` what it refers to.
    fn leave(&mut self, exit: Exit) {
        let (status, word) = match exit {
            Exit::Status(status) => (status, None),
            Exit::Deopt(site) => (Status::Deopt, Some(site)),
            Exit::Raise(index) => (Status::StaticRaise, Some(index)),
        };
        if let Some(word) = word {
            let word = self.b.ins().iconst(types::I64, i64::from(word));
            self.b.ins().store(MemFlagsData::trusted(), word, self.out, 0);
        }
        let status = self.b.ins().iconst(types::I32, status as i64);
        self.b.ins().return_(&[status]);
    }

    fn op(&mut self, op: &Op) -> Result<(), BackendError> {
        match op {
            Op::Iconst { dst, value } => {
                let ty = self.ty(*dst)?;
                // Cranelift wants a narrow constant's immediate zero-extended.
                let value = match ty {
                    MType::I1 => value & 1,
                    MType::I8 => i64::from(*value as u8),
                    MType::I64 | MType::Ptr => *value,
                    MType::F64 => return Err(BackendError::Internal(format!("an int constant in float {dst:?}"))),
                };
                let v = self.b.ins().iconst(cl_type(ty), value);
                self.def(*dst, v)?;
            }
            Op::Fconst { dst, value } => {
                let v = self.b.ins().f64const(*value);
                self.def(*dst, v)?;
            }
            Op::Copy { dst, src } => {
                let v = self.get(*src)?;
                self.def(*dst, v)?;
            }
            Op::Unary { op, dst, arg } => {
                let (from, to) = (self.ty(*arg)?, self.ty(*dst)?);
                let x = self.get(*arg)?;
                let v = self.unary(*op, x, from, to);
                self.def(*dst, v)?;
            }
            Op::Binary { op, dst, lhs, rhs } => {
                let (x, y) = (self.get(*lhs)?, self.get(*rhs)?);
                let v = self.binary(*op, x, y);
                self.def(*dst, v)?;
            }
            Op::Overflow { op, dst, overflow, lhs, rhs } => {
                let (x, y) = (self.get(*lhs)?, self.get(*rhs)?);
                let (v, flag) = match op {
                    OverflowOp::Sadd => self.b.ins().sadd_overflow(x, y),
                    OverflowOp::Ssub => self.b.ins().ssub_overflow(x, y),
                    OverflowOp::Smul => self.b.ins().smul_overflow(x, y),
                };
                self.def(*dst, v)?;
                self.def(*overflow, flag)?;
            }
            Op::Icmp { cc, dst, lhs, rhs } => {
                let (x, y) = (self.get(*lhs)?, self.get(*rhs)?);
                let v = self.b.ins().icmp(int_cc(*cc), x, y);
                self.def(*dst, v)?;
            }
            Op::Fcmp { cc, dst, lhs, rhs } => {
                let (x, y) = (self.get(*lhs)?, self.get(*rhs)?);
                let v = self.b.ins().fcmp(float_cc(*cc), x, y);
                self.def(*dst, v)?;
            }
            Op::Select { dst, cond, if_true, if_false } => {
                let (c, t, f) = (self.get(*cond)?, self.get(*if_true)?, self.get(*if_false)?);
                let v = self.b.ins().select(c, t, f);
                self.def(*dst, v)?;
            }
            Op::Load { dst, addr, offset } => {
                let ty = cl_type(self.ty(*dst)?);
                let a = self.get(*addr)?;
                let v = self.b.ins().load(ty, MemFlagsData::trusted(), a, *offset);
                self.def(*dst, v)?;
            }
            Op::Store { value, addr, offset } => {
                let (v, a) = (self.get(*value)?, self.get(*addr)?);
                self.b.ins().store(MemFlagsData::trusted(), v, a, *offset);
            }
            Op::CallHelper { dst, helper, args } => {
                let f = self.helper(helper)?;
                let args = args.iter().map(|&a| self.get(a)).collect::<Result<Vec<_>, _>>()?;
                let call = self.b.ins().call(f, &args);
                let v = self.b.inst_results(call)[0];
                self.def(*dst, v)?;
            }
            Op::Call { dsts, callee, args } => self.call(dsts, *callee, args)?,
            Op::ExitIf { cond, exit } => {
                // The exit's block goes right after the guard, not with the cold blocks
                // at the end: then the fall-through is the exit and the loop's branch
                // back to its header needs no extra jump (one instruction per iteration
                // of collatz's inner loop, 6% of its native instructions).
                let c = self.get(*cond)?;
                let (leave, next) = (self.b.create_block(), self.b.create_block());
                self.b.ins().brif(c, leave, &[], next, &[]);
                self.b.switch_to_block(leave);
                self.leave(*exit);
                self.b.switch_to_block(next);
            }
            Op::InterruptPending { dst } => {
                let address = self.b.ins().iconst(types::I64, pynum_runtime::interrupt_flag_address() as i64);
                let v = self.b.ins().load(types::I8, MemFlagsData::trusted(), address, 0);
                self.def(*dst, v)?;
            }
            Op::Depth { dst } => self.def(*dst, self.depth)?,
        }
        Ok(())
    }

    fn unary(&mut self, op: UnaryOp, x: Value, from: MType, to: MType) -> Value {
        let ins = self.b.ins();
        match op {
            UnaryOp::Ineg => ins.ineg(x),
            // An `i1` lives in a byte: flipping all its bits would make 0xfe of 1.
            UnaryOp::Bnot if to == MType::I1 => ins.bxor_imm_u(x, 1),
            UnaryOp::Bnot => ins.bnot(x),
            UnaryOp::Iabs => ins.iabs(x),
            UnaryOp::Fneg => ins.fneg(x),
            UnaryOp::Fabs => ins.fabs(x),
            UnaryOp::Sqrt => ins.sqrt(x),
            UnaryOp::Floor => ins.floor(x),
            UnaryOp::Ceil => ins.ceil(x),
            UnaryOp::Trunc => ins.trunc(x),
            UnaryOp::Nearest => ins.nearest(x),
            // `i1` to `i8` (and `i64` to `ptr`) is the same Cranelift type: nothing to do,
            // an `i1` byte is already 0 or 1.
            UnaryOp::Uextend if cl_type(from) == cl_type(to) => x,
            UnaryOp::Uextend => ins.uextend(cl_type(to), x),
            UnaryOp::Ireduce => {
                let narrow = if cl_type(from) == cl_type(to) { x } else { ins.ireduce(cl_type(to), x) };
                if to == MType::I1 && from != MType::I1 {
                    self.b.ins().band_imm_u(narrow, 1)
                } else {
                    narrow
                }
            }
            UnaryOp::FcvtFromSint => {
                // Cranelift converts 32- and 64-bit ints on every ISA.
                let wide = if cl_type(from) == types::I8 { ins.sextend(types::I64, x) } else { x };
                self.b.ins().fcvt_from_sint(types::F64, wide)
            }
            UnaryOp::FcvtToSintSat => {
                let wide = ins.fcvt_to_sint_sat(types::I64, x);
                // Narrow destinations saturate to their own range (an `i1` to 0..=1).
                let range = match to {
                    MType::I8 => Some((i64::from(i8::MIN), i64::from(i8::MAX))),
                    MType::I1 => Some((0, 1)),
                    MType::I64 | MType::Ptr | MType::F64 => None,
                };
                match range {
                    Some((low, high)) => {
                        let low = self.b.ins().iconst(types::I64, low);
                        let high = self.b.ins().iconst(types::I64, high);
                        let clamped = self.b.ins().smax(wide, low);
                        let clamped = self.b.ins().smin(clamped, high);
                        self.b.ins().ireduce(types::I8, clamped)
                    }
                    None => wide,
                }
            }
            UnaryOp::Bitcast if cl_type(from) == cl_type(to) => x,
            UnaryOp::Bitcast => ins.bitcast(cl_type(to), MemFlagsData::new(), x),
        }
    }

    fn binary(&mut self, op: BinaryOp, x: Value, y: Value) -> Value {
        let ins = self.b.ins();
        match op {
            BinaryOp::Iadd => ins.iadd(x, y),
            BinaryOp::Isub => ins.isub(x, y),
            BinaryOp::Imul => ins.imul(x, y),
            BinaryOp::Sdiv => ins.sdiv(x, y),
            BinaryOp::Srem => ins.srem(x, y),
            BinaryOp::Udiv => ins.udiv(x, y),
            BinaryOp::Urem => ins.urem(x, y),
            BinaryOp::Band => ins.band(x, y),
            BinaryOp::Bor => ins.bor(x, y),
            BinaryOp::Bxor => ins.bxor(x, y),
            BinaryOp::Ishl => ins.ishl(x, y),
            BinaryOp::Sshr => ins.sshr(x, y),
            BinaryOp::Ushr => ins.ushr(x, y),
            BinaryOp::Fadd => ins.fadd(x, y),
            BinaryOp::Fsub => ins.fsub(x, y),
            BinaryOp::Fmul => ins.fmul(x, y),
            BinaryOp::Fdiv => ins.fdiv(x, y),
        }
    }

    /// The runtime helper `symbol`, imported with the ABI table's signature.
    fn helper(&mut self, symbol: &str) -> Result<FuncRef, BackendError> {
        if let Some(&f) = self.helpers.get(symbol) {
            return Ok(f);
        }
        let helper =
            lir::helper(symbol).ok_or_else(|| BackendError::Internal(format!("no runtime helper {symbol}")))?;
        let mut sig = Signature::new(self.jit.isa().default_call_conv());
        sig.params.extend(helper.params.iter().map(|&p| AbiParam::new(cl_type(p))));
        sig.returns.push(AbiParam::new(cl_type(helper.result)));
        let id = self
            .jit
            .declare_function(symbol, Linkage::Import, &sig)
            .map_err(|e| BackendError::Internal(format!("importing {symbol}: {e}")))?;
        let f = self.jit.declare_func_in_func(id, self.b.func);
        self.helpers.insert(symbol.to_owned(), f);
        Ok(f)
    }

    /// Calls module function `callee` with a stack slot as its out buffer: a failure
    /// leaves this function with the callee's status and `out[0]`; otherwise its result
    /// words become `dsts`.
    fn call(&mut self, dsts: &[Var], callee: u32, args: &[Var]) -> Result<(), BackendError> {
        let no_callee = || BackendError::Internal(format!("no function {callee} to call"));
        let target = self.module.functions.get(callee as usize).ok_or_else(no_callee)?;
        let f = match self.callees.get(&callee) {
            Some(&f) => f,
            None => {
                let id = *self.ids.get(callee as usize).ok_or_else(no_callee)?;
                let f = self.jit.declare_func_in_func(id, self.b.func);
                self.callees.insert(callee, f);
                f
            }
        };
        let words = target.results.len().max(1) as u32;
        let slot = self.b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, words * 8, 3));
        let pointer = self.jit.target_config().pointer_type();
        let mut call_args = args.iter().map(|&a| self.get(a)).collect::<Result<Vec<_>, _>>()?;
        call_args.push(self.b.ins().stack_addr(pointer, slot, 0));
        call_args.push(self.b.ins().iadd_imm_s(self.depth, -1));
        let call = self.b.ins().call(f, &call_args);
        let status = self.b.inst_results(call)[0];

        let (failed, next) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(status, failed, &[], next, &[]);
        self.b.switch_to_block(failed);
        let word = self.b.ins().stack_load(pointer, types::I64, slot, 0);
        self.b.ins().store(MemFlagsData::trusted(), word, self.out, 0);
        self.b.ins().return_(&[status]);

        self.b.switch_to_block(next);
        for (i, (&dst, &ty)) in dsts.iter().zip(&target.results).enumerate() {
            let word = self.b.ins().stack_load(pointer, types::I64, slot, (i * 8) as i32);
            let v = from_word(&mut self.b, word, ty);
            self.def(dst, v)?;
        }
        Ok(())
    }

    fn terminator(&mut self, terminator: &Terminator) -> Result<(), BackendError> {
        match terminator {
            Terminator::Jump(target) => {
                let target = self.block(*target)?;
                self.b.ins().jump(target, &[]);
            }
            Terminator::Brif { cond, then, otherwise } => {
                let c = self.get(*cond)?;
                let (t, o) = (self.block(*then)?, self.block(*otherwise)?);
                if t == o {
                    self.b.ins().jump(t, &[]);
                } else {
                    self.b.ins().brif(c, t, &[], o, &[]);
                }
            }
            Terminator::Return(results) => {
                for (i, &var) in results.iter().enumerate() {
                    let (value, ty) = (self.get(var)?, self.ty(var)?);
                    let word = to_word(&mut self.b, value, ty);
                    self.b.ins().store(MemFlagsData::trusted(), word, self.out, (i * 8) as i32);
                }
                let ok = self.b.ins().iconst(types::I32, Status::Ok as i64);
                self.b.ins().return_(&[ok]);
            }
            Terminator::Exit(exit) => self.leave(*exit),
        }
        Ok(())
    }
}

fn int_cc(cc: lir::IntCC) -> condcodes::IntCC {
    use condcodes::IntCC as C;
    use lir::IntCC as L;
    match cc {
        L::Eq => C::Equal,
        L::Ne => C::NotEqual,
        L::Slt => C::SignedLessThan,
        L::Sle => C::SignedLessThanOrEqual,
        L::Sgt => C::SignedGreaterThan,
        L::Sge => C::SignedGreaterThanOrEqual,
        L::Ult => C::UnsignedLessThan,
        L::Ule => C::UnsignedLessThanOrEqual,
        L::Ugt => C::UnsignedGreaterThan,
        L::Uge => C::UnsignedGreaterThanOrEqual,
    }
}

fn float_cc(cc: lir::FloatCC) -> condcodes::FloatCC {
    use condcodes::FloatCC as C;
    use lir::FloatCC as L;
    match cc {
        L::Eq => C::Equal,
        L::Ne => C::NotEqual,
        L::Lt => C::LessThan,
        L::Le => C::LessThanOrEqual,
        L::Gt => C::GreaterThan,
        L::Ge => C::GreaterThanOrEqual,
        L::Ord => C::Ordered,
        L::Uno => C::Unordered,
        L::UgeOrUno => C::UnorderedOrGreaterThanOrEqual,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cranelift;
    use lir::{Block, BlockData, FloatCC, Function, Inst, IntCC, Module};
    use pynum_jit::backend::{Backend, NativeCode};
    use MType::{Ptr, F64, I1, I64, I8};

    /// Builds a LIR function by hand.
    struct Build {
        f: Function,
    }

    impl Build {
        fn new(name: &str, params: &[MType], results: &[MType]) -> (Build, Vec<Var>) {
            let f = Function {
                name: name.into(),
                params: Vec::new(),
                results: results.to_vec(),
                vars: Vec::new(),
                blocks: Vec::new(),
            };
            let mut build = Build { f };
            let params: Vec<Var> = params.iter().map(|&ty| build.var(ty)).collect();
            build.f.params = params.clone();
            (build, params)
        }

        fn var(&mut self, ty: MType) -> Var {
            self.f.vars.push(ty);
            Var(self.f.vars.len() as u32 - 1)
        }

        fn block(&mut self) -> Block {
            self.f.blocks.push(BlockData {
                insts: Vec::new(),
                terminator: Terminator::Exit(Exit::Status(Status::Ok)),
                terminator_line: 1,
            });
            Block(self.f.blocks.len() as u32 - 1)
        }

        fn op(&mut self, block: Block, op: Op) {
            self.f.blocks[block.0 as usize].insts.push(Inst { op, line: 1 });
        }

        fn end(&mut self, block: Block, terminator: Terminator) {
            self.f.blocks[block.0 as usize].terminator = terminator;
        }

        fn iconst(&mut self, block: Block, ty: MType, value: i64) -> Var {
            let dst = self.var(ty);
            self.op(block, Op::Iconst { dst, value });
            dst
        }

        fn fconst(&mut self, block: Block, value: f64) -> Var {
            let dst = self.var(F64);
            self.op(block, Op::Fconst { dst, value });
            dst
        }

        fn unary(&mut self, block: Block, op: UnaryOp, ty: MType, arg: Var) -> Var {
            let dst = self.var(ty);
            self.op(block, Op::Unary { op, dst, arg });
            dst
        }

        fn binary(&mut self, block: Block, op: BinaryOp, lhs: Var, rhs: Var) -> Var {
            let dst = self.var(self.f.ty(lhs));
            self.op(block, Op::Binary { op, dst, lhs, rhs });
            dst
        }

        fn icmp(&mut self, block: Block, cc: IntCC, lhs: Var, rhs: Var) -> Var {
            let dst = self.var(I1);
            self.op(block, Op::Icmp { cc, dst, lhs, rhs });
            dst
        }

        fn fcmp(&mut self, block: Block, cc: FloatCC, lhs: Var, rhs: Var) -> Var {
            let dst = self.var(I1);
            self.op(block, Op::Fcmp { cc, dst, lhs, rhs });
            dst
        }

        fn done(self) -> Function {
            self.f
        }
    }

    fn module(functions: Vec<Function>) -> Module {
        Module { functions, raises: Vec::new(), deopt_sites: Vec::new() }
    }

    fn compile(module: &Module) -> Box<dyn NativeCode> {
        match Cranelift::shared().compile(module, &DumpOptions::default()) {
            Ok(code) => code,
            Err(e) => panic!("{e}"),
        }
    }

    /// Runs the entry with `args`; returns the status and the out buffer.
    fn run_with_depth(code: &dyn NativeCode, args: &[u64], depth: i64) -> (u32, [u64; 16]) {
        let mut out = [UNWRITTEN; 16];
        // SAFETY: every test passes one word per root parameter, and no root returns
        // more than 16 words.
        let status = unsafe { (code.entry())(args.as_ptr(), out.as_mut_ptr(), depth) };
        (status, out)
    }

    fn run(code: &dyn NativeCode, args: &[u64]) -> (u32, [u64; 16]) {
        run_with_depth(code, args, 100)
    }

    const OK: u32 = Status::Ok as u32;

    /// What the out buffer holds where nothing was written.
    const UNWRITTEN: u64 = 0xdead_beef;

    fn f(x: f64) -> u64 {
        x.to_bits()
    }

    /// `sum(range(n))` with the loop written as LIR: the header tests, the body adds and
    /// jumps back, and polls the interrupt flag at the back edge.
    #[test]
    fn counting_loop_with_back_edge() {
        let (mut b, p) = Build::new("sum", &[I64], &[I64]);
        let n = p[0];
        let (entry, header, body, exit) = (b.block(), b.block(), b.block(), b.block());
        let i = b.iconst(entry, I64, 0);
        let acc = b.iconst(entry, I64, 0);
        b.end(entry, Terminator::Jump(header));
        let more = b.icmp(header, IntCC::Slt, i, n);
        b.end(header, Terminator::Brif { cond: more, then: body, otherwise: exit });
        let sum = b.binary(body, BinaryOp::Iadd, acc, i);
        b.op(body, Op::Copy { dst: acc, src: sum });
        let one = b.iconst(body, I64, 1);
        let next = b.binary(body, BinaryOp::Iadd, i, one);
        b.op(body, Op::Copy { dst: i, src: next });
        let pending = b.var(I1);
        b.op(body, Op::InterruptPending { dst: pending });
        b.op(body, Op::ExitIf { cond: pending, exit: Exit::Deopt(0) });
        b.end(body, Terminator::Jump(header));
        b.end(exit, Terminator::Return(vec![acc]));
        let code = compile(&module(vec![b.done()]));
        for (n, sum) in [(0i64, 0i64), (1, 0), (10, 45), (100_000, 4_999_950_000), (-5, 0)] {
            let (status, out) = run(&*code, &[n as u64]);
            assert_eq!((status, out[0] as i64), (OK, sum), "sum(range({n}))");
        }
    }

    /// LIR block 0 may be a branch target (Cranelift's entry block may not be).
    #[test]
    fn jump_back_to_block_zero() {
        let (mut b, p) = Build::new("down_to_ten", &[I64], &[I64]);
        let (head, body, done) = (b.block(), b.block(), b.block());
        let ten = b.iconst(head, I64, 10);
        let above = b.icmp(head, IntCC::Sgt, p[0], ten);
        b.end(head, Terminator::Brif { cond: above, then: body, otherwise: done });
        let one = b.iconst(body, I64, 1);
        let less = b.binary(body, BinaryOp::Isub, p[0], one);
        b.op(body, Op::Copy { dst: p[0], src: less });
        b.end(body, Terminator::Jump(head));
        // A branch whose two targets are one block.
        let (same, last) = (b.block(), b.block());
        b.end(done, Terminator::Brif { cond: above, then: same, otherwise: same });
        b.end(same, Terminator::Jump(last));
        b.end(last, Terminator::Return(vec![p[0]]));
        let code = compile(&module(vec![b.done()]));
        assert_eq!(run(&*code, &[25]), (OK, run(&*code, &[10]).1));
        assert_eq!(run(&*code, &[25]).1[0], 10);
        assert_eq!(run(&*code, &[3]).1[0], 3);
    }

    /// Checked arithmetic: the wrapped result, or a deoptimization naming its site.
    #[test]
    fn overflow_deoptimizes_with_its_site() {
        type Checked = fn(i64, i64) -> Option<i64>;
        let cases: [(OverflowOp, Checked); 3] = [
            (OverflowOp::Sadd, i64::checked_add),
            (OverflowOp::Ssub, i64::checked_sub),
            (OverflowOp::Smul, i64::checked_mul),
        ];
        for (op, reference) in cases {
            let (mut b, p) = Build::new("checked", &[I64, I64], &[I64]);
            let block = b.block();
            let (dst, overflow) = (b.var(I64), b.var(I1));
            b.op(block, Op::Overflow { op, dst, overflow, lhs: p[0], rhs: p[1] });
            b.op(block, Op::ExitIf { cond: overflow, exit: Exit::Deopt(3) });
            b.end(block, Terminator::Return(vec![dst]));
            let mut m = module(vec![b.done()]);
            m.deopt_sites = vec![("overflow".into(), 1); 4];
            let code = compile(&m);
            for (x, y) in [
                (1i64, 2i64),
                (i64::MAX, 1),
                (i64::MIN, 1),
                (i64::MIN, -1),
                (1 << 32, 1 << 31),
                (1 << 32, 1 << 32),
                (-7, 9),
            ] {
                let (status, out) = run(&*code, &[x as u64, y as u64]);
                match reference(x, y) {
                    Some(r) => assert_eq!((status, out[0] as i64), (OK, r), "{op:?} {x} {y}"),
                    None => assert_eq!((status, out[0]), (Status::Deopt as u32, 3), "{op:?} {x} {y}"),
                }
            }
        }
    }

    /// A zero divisor leaves with `ZeroDivision`; otherwise truncating division and
    /// remainder, signed and unsigned, come back as two results.
    #[test]
    fn zero_divisor_exits_with_its_status() {
        let (mut b, p) = Build::new("divmod", &[I64, I64], &[I64, I64, I64, I64]);
        let block = b.block();
        let zero = b.iconst(block, I64, 0);
        let is_zero = b.icmp(block, IntCC::Eq, p[1], zero);
        b.op(block, Op::ExitIf { cond: is_zero, exit: Exit::Status(Status::ZeroDivision) });
        let q = b.binary(block, BinaryOp::Sdiv, p[0], p[1]);
        let r = b.binary(block, BinaryOp::Srem, p[0], p[1]);
        let uq = b.binary(block, BinaryOp::Udiv, p[0], p[1]);
        let ur = b.binary(block, BinaryOp::Urem, p[0], p[1]);
        b.end(block, Terminator::Return(vec![q, r, uq, ur]));
        let code = compile(&module(vec![b.done()]));
        let (status, out) = run(&*code, &[7, 2]);
        assert_eq!((status, &out[..4]), (OK, &[3, 1, 3, 1][..]));
        let (status, out) = run(&*code, &[-7i64 as u64, 2]);
        assert_eq!((status, out[0] as i64, out[1] as i64), (OK, -3, -1));
        assert_eq!((out[2], out[3]), ((-7i64 as u64) / 2, (-7i64 as u64) % 2));
        assert_eq!(run(&*code, &[7, 0]).0, Status::ZeroDivision as u32);
    }

    /// Float arithmetic and every float comparison, with and without a NaN.
    #[test]
    fn floats_and_nan_comparisons() {
        let ccs = [
            FloatCC::Eq,
            FloatCC::Ne,
            FloatCC::Lt,
            FloatCC::Le,
            FloatCC::Gt,
            FloatCC::Ge,
            FloatCC::Ord,
            FloatCC::Uno,
            FloatCC::UgeOrUno,
        ];
        let mut results = vec![F64, F64];
        results.extend([I1; 9]);
        let (mut b, p) = Build::new("floats", &[F64, F64], &results);
        let block = b.block();
        let q = b.binary(block, BinaryOp::Fdiv, p[0], p[1]);
        let s = b.unary(block, UnaryOp::Sqrt, F64, p[0]);
        let mut returned = vec![q, s];
        for cc in ccs {
            returned.push(b.fcmp(block, cc, p[0], p[1]));
        }
        b.end(block, Terminator::Return(returned));
        let code = compile(&module(vec![b.done()]));
        let reference = |x: f64, y: f64| -> Vec<u64> {
            let nan = x.is_nan() || y.is_nan();
            [x == y, x != y, x < y, x <= y, x > y, x >= y, !nan, nan, nan || x >= y]
                .into_iter()
                .map(u64::from)
                .collect()
        };
        for (x, y) in [(9.0, 2.0), (2.0, 9.0), (4.0, 4.0), (f64::NAN, 1.0), (1.0, f64::NAN), (-1.0, 0.0)] {
            let (status, out) = run(&*code, &[f(x), f(y)]);
            assert_eq!(status, OK);
            assert_eq!(f64::from_bits(out[0]).to_bits(), (x / y).to_bits(), "{x} / {y}");
            assert_eq!(f64::from_bits(out[1]).to_bits(), x.sqrt().to_bits(), "sqrt({x})");
            assert_eq!(&out[2..11], &reference(x, y)[..], "{x} vs {y}");
            assert_eq!(out[11], UNWRITTEN);
        }
        assert_eq!(f64::from_bits(run(&*code, &[f(9.0), f(2.0)]).1[0]), 4.5);
        assert_eq!(f64::from_bits(run(&*code, &[f(9.0), f(2.0)]).1[1]), 3.0);
    }

    /// The last comparisons (`uno`, `uge_or_uno`) on their own, and float rounding and
    /// conversions.
    #[test]
    fn float_rounding_and_conversions() {
        let (mut b, p) = Build::new("rounding", &[F64], &[F64, F64, F64, F64, F64, F64, I64, I64]);
        let block = b.block();
        let mut returned = Vec::new();
        for op in [UnaryOp::Floor, UnaryOp::Ceil, UnaryOp::Trunc, UnaryOp::Nearest, UnaryOp::Fneg, UnaryOp::Fabs] {
            returned.push(b.unary(block, op, F64, p[0]));
        }
        returned.push(b.unary(block, UnaryOp::FcvtToSintSat, I64, p[0]));
        returned.push(b.unary(block, UnaryOp::Bitcast, I64, p[0]));
        b.end(block, Terminator::Return(returned));
        let code = compile(&module(vec![b.done()]));
        for x in [2.5f64, -1.5, -1.7, 3.5, 0.0, 1e300, f64::NAN, -f64::INFINITY] {
            let (status, out) = run(&*code, &[f(x)]);
            assert_eq!(status, OK);
            let floats: Vec<u64> = out[..6].to_vec();
            let expected: Vec<u64> = [x.floor(), x.ceil(), x.trunc(), x.round_ties_even(), -x, x.abs()]
                .iter()
                .map(|v| v.to_bits())
                .collect();
            // NaN payloads may differ; compare NaN-ness for them.
            for (got, want) in floats.iter().zip(&expected) {
                let (g, w) = (f64::from_bits(*got), f64::from_bits(*want));
                assert!(g.to_bits() == w.to_bits() || (g.is_nan() && w.is_nan()), "{x}: {g} vs {w}");
            }
            // Rust's `as` saturates like Cranelift's `fcvt_to_sint_sat`: NaN gives 0.
            assert_eq!(out[6] as i64, x as i64, "int({x})");
            assert_eq!(out[7], x.to_bits());
        }

        let (mut b, p) = Build::new("unordered", &[F64, F64], &[I1, I1, F64, F64]);
        let block = b.block();
        let uno = b.fcmp(block, FloatCC::Uno, p[0], p[1]);
        let uge = b.fcmp(block, FloatCC::UgeOrUno, p[0], p[1]);
        let int = b.unary(block, UnaryOp::Bitcast, I64, p[0]);
        let back = b.unary(block, UnaryOp::FcvtFromSint, F64, int);
        // (back + 0.5) * 4 - 1
        let half = b.fconst(block, 0.5);
        let sum = b.binary(block, BinaryOp::Fadd, back, half);
        let four = b.fconst(block, 4.0);
        let product = b.binary(block, BinaryOp::Fmul, sum, four);
        let one = b.fconst(block, 1.0);
        let difference = b.binary(block, BinaryOp::Fsub, product, one);
        b.end(block, Terminator::Return(vec![uno, uge, back, difference]));
        let code = compile(&module(vec![b.done()]));
        assert_eq!(&run(&*code, &[f(1.0), f(2.0)]).1[..2], &[0, 0]);
        assert_eq!(&run(&*code, &[f(2.0), f(2.0)]).1[..2], &[0, 1]);
        assert_eq!(&run(&*code, &[f(f64::NAN), f(2.0)]).1[..2], &[1, 1]);
        assert_eq!(&run(&*code, &[f(3.0), f(f64::NAN)]).1[..2], &[1, 1]);
        assert_eq!(f64::from_bits(run(&*code, &[5, f(0.0)]).1[2]), 5.0);
        assert_eq!(f64::from_bits(run(&*code, &[-5i64 as u64, f(0.0)]).1[2]), -5.0);
        assert_eq!(f64::from_bits(run(&*code, &[-5i64 as u64, f(0.0)]).1[3]), -19.0);
    }

    /// `select` on an `i1`, whose argument word keeps only its low bit.
    #[test]
    fn select_on_a_truth_value() {
        let (mut b, p) = Build::new("pick", &[I1, I64, I64, F64, F64], &[I64, F64]);
        let block = b.block();
        let int = b.var(I64);
        b.op(block, Op::Select { dst: int, cond: p[0], if_true: p[1], if_false: p[2] });
        let float = b.var(F64);
        b.op(block, Op::Select { dst: float, cond: p[0], if_true: p[3], if_false: p[4] });
        b.end(block, Terminator::Return(vec![int, float]));
        let code = compile(&module(vec![b.done()]));
        let args = |c: u64| [c, 11, 22, f(1.5), f(2.5)];
        assert_eq!(run(&*code, &args(1)).1[..2], [11, f(1.5)]);
        assert_eq!(run(&*code, &args(0)).1[..2], [22, f(2.5)]);
        // `from_word` truncates an `i1` to its low bit: 2 is false, 0xff01 true.
        assert_eq!(run(&*code, &args(2)).1[0], 22);
        assert_eq!(run(&*code, &args(0xff01)).1[0], 11);
    }

    /// Narrow ints: constants, extension, truncation, and `bnot` on an `i1` staying 0/1.
    #[test]
    fn narrow_ints_stay_in_range() {
        let (mut b, p) = Build::new("narrow", &[I8, I64], &[I64, I64, I1, I64, I8, I1, I8, I8, I1]);
        let block = b.block();
        let byte = b.unary(block, UnaryOp::Uextend, I64, p[0]);
        let minus_one = b.iconst(block, I8, -1);
        let wide_minus_one = b.unary(block, UnaryOp::Uextend, I64, minus_one);
        let zero = b.iconst(block, I64, 0);
        let positive = b.icmp(block, IntCC::Sgt, p[1], zero);
        let not_positive = b.unary(block, UnaryOp::Bnot, I1, positive);
        let not_as_int = b.unary(block, UnaryOp::Uextend, I64, not_positive);
        let low_byte = b.unary(block, UnaryOp::Ireduce, I8, p[1]);
        let low_bit = b.unary(block, UnaryOp::Ireduce, I1, p[1]);
        let flipped = b.unary(block, UnaryOp::Bnot, I8, p[0]);
        let as_byte = b.unary(block, UnaryOp::Uextend, I8, not_positive);
        let true_ = b.iconst(block, I1, 1);
        b.end(
            block,
            Terminator::Return(vec![
                byte,
                wide_minus_one,
                not_positive,
                not_as_int,
                low_byte,
                low_bit,
                flipped,
                as_byte,
                true_,
            ]),
        );
        let code = compile(&module(vec![b.done()]));
        let (status, out) = run(&*code, &[0x1_ff, 0x1_03]);
        assert_eq!(status, OK);
        assert_eq!(out[..10], [0xff, 0xff, 0, 0, 0x03, 1, 0x00, 0, 1, UNWRITTEN]);
        let (_, out) = run(&*code, &[0x0f, -2i64 as u64]);
        assert_eq!(out[..10], [0x0f, 0xff, 1, 1, 0xfe, 0, 0xf0, 1, 1, UNWRITTEN]);
    }

    /// `pynum_float_mod` (Python's sign rule), and every non-allocating helper of the ABI
    /// table against a direct call of the same function.
    #[test]
    fn helpers_are_called_with_their_signatures() {
        let call_one = |symbol: &'static str, args: &[u64]| -> u64 {
            let helper = lir::helper(symbol).unwrap();
            let (mut b, p) = Build::new(symbol, helper.params, &[helper.result]);
            let block = b.block();
            let dst = b.var(helper.result);
            b.op(block, Op::CallHelper { dst, helper: symbol.into(), args: p });
            b.end(block, Terminator::Return(vec![dst]));
            let code = compile(&module(vec![b.done()]));
            let (status, out) = run(&*code, args);
            assert_eq!(status, OK);
            out[0]
        };
        assert_eq!(f64::from_bits(call_one("pynum_float_mod", &[f(-7.0), f(3.0)])), 2.0);
        assert_eq!(f64::from_bits(call_one("pynum_float_mod", &[f(7.0), f(-2.0)])), -1.0);
        assert_eq!(call_one("pynum_int_pow", &[3, 4]), 81);

        let mut math = 0;
        for helper in lir::helpers().filter(|h| !h.allocates) {
            let args: Vec<u64> = helper
                .params
                .iter()
                .zip([f(2.5), f(0.75)])
                .map(|(&ty, float)| if ty == F64 { float } else { 3 })
                .collect();
            // SAFETY: no pointer arguments; the arguments match the parameters.
            let want = unsafe { pynum_runtime::abi::call_helper(&helper, &args) };
            let got = call_one(helper.symbol, &args);
            assert_eq!(got, pynum_runtime::abi::to_word(want, helper.result), "{}", helper.symbol);
            math += usize::from(helper.symbol.starts_with("pynum_math_"));
        }
        assert!(math > 10, "the ops registry's math helpers are in the table");
        assert_eq!(f64::from_bits(call_one("pynum_math_log", &[f(1.0)])), 0.0);
        assert_eq!(f64::from_bits(call_one("pynum_math_log", &[f(std::f64::consts::E)])), 1.0);
    }

    /// A caller whose callee returns two results, or fails: the failure passes through
    /// with the callee's status and word 0, and each call has one less depth.
    #[test]
    fn calls_pass_results_and_failures_through() {
        // callee(a, b) = (a + b, a * b, depth), deoptimizing at site 1 when a < 0.
        let (mut b, p) = Build::new("callee", &[I64, I64], &[I64, I64, I64]);
        let block = b.block();
        let zero = b.iconst(block, I64, 0);
        let negative = b.icmp(block, IntCC::Slt, p[0], zero);
        b.op(block, Op::ExitIf { cond: negative, exit: Exit::Deopt(1) });
        let sum = b.binary(block, BinaryOp::Iadd, p[0], p[1]);
        let product = b.binary(block, BinaryOp::Imul, p[0], p[1]);
        let depth = b.var(I64);
        b.op(block, Op::Depth { dst: depth });
        // A raise when b == 99, from its own block.
        let (ok, raise) = (b.block(), b.block());
        let ninety_nine = b.iconst(block, I64, 99);
        let is_99 = b.icmp(block, IntCC::Eq, p[1], ninety_nine);
        b.end(block, Terminator::Brif { cond: is_99, then: raise, otherwise: ok });
        b.end(raise, Terminator::Exit(Exit::Raise(2)));
        b.end(ok, Terminator::Return(vec![sum, product, depth]));
        let callee = b.done();

        // root(a, b) = s + p of callee(a, b), with the callee's depth; through `middle`
        // so a failure crosses two frames.
        let (mut b, p) = Build::new("middle", &[I64, I64], &[I64, I64]);
        let block = b.block();
        let (s, m, d) = (b.var(I64), b.var(I64), b.var(I64));
        b.op(block, Op::Call { dsts: vec![s, m, d], callee: 2, args: p.clone() });
        let total = b.binary(block, BinaryOp::Iadd, s, m);
        b.end(block, Terminator::Return(vec![total, d]));
        let middle = b.done();

        let (mut b, p) = Build::new("root", &[I64, I64], &[I64, I64]);
        let block = b.block();
        let (total, d) = (b.var(I64), b.var(I64));
        b.op(block, Op::Call { dsts: vec![total, d], callee: 1, args: p.clone() });
        b.end(block, Terminator::Return(vec![total, d]));
        let root = b.done();

        let code = compile(&module(vec![root, middle, callee]));
        let (status, out) = run_with_depth(&*code, &[3, 4], 50);
        assert_eq!((status, &out[..3]), (OK, &[19, 48, UNWRITTEN][..]));
        let (status, out) = run(&*code, &[-1i64 as u64, 4]);
        assert_eq!((status, out[0]), (Status::Deopt as u32, 1));
        let (status, out) = run(&*code, &[1, 99]);
        assert_eq!((status, out[0]), (Status::StaticRaise as u32, 2));
    }

    /// Recursion bounded by the depth the entry is given, as the lowering spells it:
    /// `exit_if depth <= 0, RecursionLimit`.
    #[test]
    fn recursion_uses_the_depth() {
        // count(n) = 0 if n == 0 else 1 + count(n - 1)
        let (mut b, p) = Build::new("count", &[I64], &[I64]);
        let (entry, base, step) = (b.block(), b.block(), b.block());
        let depth = b.var(I64);
        b.op(entry, Op::Depth { dst: depth });
        let zero = b.iconst(entry, I64, 0);
        let exhausted = b.icmp(entry, IntCC::Sle, depth, zero);
        b.op(entry, Op::ExitIf { cond: exhausted, exit: Exit::Status(Status::RecursionLimit) });
        let done = b.icmp(entry, IntCC::Eq, p[0], zero);
        b.end(entry, Terminator::Brif { cond: done, then: base, otherwise: step });
        b.end(base, Terminator::Return(vec![zero]));
        let one = b.iconst(step, I64, 1);
        let less = b.binary(step, BinaryOp::Isub, p[0], one);
        let inner = b.var(I64);
        b.op(step, Op::Call { dsts: vec![inner], callee: 0, args: vec![less] });
        let counted = b.binary(step, BinaryOp::Iadd, inner, one);
        b.end(step, Terminator::Return(vec![counted]));
        let code = compile(&module(vec![b.done()]));
        assert_eq!(run_with_depth(&*code, &[5], 10).1[0], 5);
        assert_eq!(run_with_depth(&*code, &[9], 10), (OK, run_with_depth(&*code, &[9], 10).1));
        assert_eq!(run_with_depth(&*code, &[9], 10).1[0], 9);
        assert_eq!(run_with_depth(&*code, &[10], 10).0, Status::RecursionLimit as u32);
        assert_eq!(run_with_depth(&*code, &[1], 0).0, Status::RecursionLimit as u32);
    }

    /// Loads and stores through a pointer argument, at the list layout's offsets, words
    /// and bytes.
    #[test]
    fn loads_and_stores_through_a_pointer() {
        use pynum_runtime::abi::list_layout::{ITEMS_OFFSET, LEN_OFFSET};
        let (mut b, p) = Build::new("memory", &[Ptr, Ptr], &[I64, F64, I64]);
        let (list, bytes) = (p[0], p[1]);
        let block = b.block();
        let len = b.var(I64);
        b.op(block, Op::Load { dst: len, addr: list, offset: LEN_OFFSET });
        let first = b.var(I64);
        b.op(block, Op::Load { dst: first, addr: list, offset: ITEMS_OFFSET });
        let doubled = b.binary(block, BinaryOp::Iadd, first, first);
        b.op(block, Op::Store { value: doubled, addr: list, offset: ITEMS_OFFSET + 8 });
        let float = b.var(F64);
        b.op(block, Op::Load { dst: float, addr: list, offset: ITEMS_OFFSET + 16 });
        let byte = b.var(I8);
        b.op(block, Op::Load { dst: byte, addr: bytes, offset: 9 });
        let wide = b.unary(block, UnaryOp::Uextend, I64, byte);
        let seven = b.iconst(block, I8, 7);
        b.op(block, Op::Store { value: seven, addr: bytes, offset: 8 });
        b.end(block, Terminator::Return(vec![len, float, wide]));
        let code = compile(&module(vec![b.done()]));
        let mut list_words: Vec<u64> = vec![3, 21, 0, f(0.5)];
        let mut byte_words: Vec<u64> = vec![2, u64::from_le_bytes([1, 200, 0, 0, 0, 0, 0, 0])];
        let args = [list_words.as_mut_ptr() as u64, byte_words.as_mut_ptr() as u64];
        let (status, out) = run(&*code, &args);
        assert_eq!((status, out[0], f64::from_bits(out[1]), out[2]), (OK, 3, 0.5, 200));
        assert_eq!(list_words, [3, 21, 42, f(0.5)]);
        assert_eq!(byte_words[1].to_le_bytes()[..2], [7, 200]);
    }

    /// A function that can only raise.
    #[test]
    fn raise_exit() {
        let (mut b, _) = Build::new("raises", &[], &[I64]);
        let block = b.block();
        b.end(block, Terminator::Exit(Exit::Raise(1)));
        let mut m = module(vec![b.done()]);
        m.raises = vec![("ValueError".into(), Vec::new()), ("TypeError".into(), Vec::new())];
        let code = compile(&m);
        let (status, out) = run(&*code, &[]);
        assert_eq!((status, out[0]), (Status::StaticRaise as u32, 1));
    }

    /// Dumps as asked for, one header per function and the entry's.
    #[test]
    fn dumps_name_each_function() {
        let (mut b, p) = Build::new("ident(int64)", &[I64], &[I64]);
        let block = b.block();
        b.end(block, Terminator::Return(vec![p[0]]));
        let m = module(vec![b.done()]);
        let all = DumpOptions { keep_ir: true, keep_optimized: true, keep_asm: true };
        let code = Cranelift::shared().compile(&m, &all).unwrap();
        let dumps = code.dumps();
        assert!(dumps.ir.contains("; ident(int64)\nfunction") && dumps.ir.contains("; entry\n"), "{}", dumps.ir);
        assert!(dumps.optimized.starts_with("; ident(int64)\nfunction"), "{}", dumps.optimized);
        assert!(dumps.asm.starts_with("; ident(int64)\n") && dumps.asm.len() > 20, "{}", dumps.asm);
        assert_eq!(run(&*code, &[77]).1[0], 77);
        let quiet = compile(&m).dumps();
        assert!(quiet.ir.is_empty() && quiet.optimized.is_empty() && quiet.asm.is_empty());
        assert_eq!(Cranelift::shared().name(), "cranelift");
    }

    /// Malformed LIR is an internal error naming the function, not a panic.
    #[test]
    fn malformed_lir_is_an_error() {
        let (mut b, _) = Build::new("bad helper", &[], &[F64]);
        let block = b.block();
        let dst = b.var(F64);
        b.op(block, Op::CallHelper { dst, helper: "pynum_no_such_helper".into(), args: Vec::new() });
        b.end(block, Terminator::Return(vec![dst]));
        match Cranelift::shared().compile(&module(vec![b.done()]), &DumpOptions::default()) {
            Err(BackendError::Internal(what)) => {
                assert!(what.contains("bad helper") && what.contains("pynum_no_such_helper"), "{what}")
            }
            Err(other) => panic!("{other}"),
            Ok(_) => panic!("compiled a call of a helper that does not exist"),
        }
        let (mut b, _) = Build::new("bad callee", &[], &[]);
        let block = b.block();
        b.op(block, Op::Call { dsts: Vec::new(), callee: 5, args: Vec::new() });
        b.end(block, Terminator::Return(Vec::new()));
        assert!(
            matches!(Cranelift::shared().compile(&module(vec![b.done()]), &DumpOptions::default()), Err(BackendError::Internal(w)) if w.contains("bad callee"))
        );
        assert!(matches!(
            Cranelift::shared().compile(&Module::default(), &DumpOptions::default()),
            Err(BackendError::Internal(_))
        ));
    }
}
