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
        live_ins: function.tier_up_live_ins(),
        poll_flags: Vec::new(),
        cold: vec![false; function.blocks.len()],
        in_cold: false,
        rare: lir::rare_arms::rare_arms(function),
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
    /// The variables live at each block, when the function has tier-up exits (which
    /// carry them).
    live_ins: Vec<Vec<Var>>,
    /// The variables holding a `poll_pending` answer: a branch on one goes to the
    /// safepoint call only when a signal or a tier-up is pending, so its target is cold
    /// (laid out after the function's hot code, which then falls through the poll).
    poll_flags: Vec<Var>,
    /// The LIR blocks found cold (a poll's safepoint call), by index: every Cranelift
    /// block translating one is cold too.
    cold: Vec<bool>,
    /// Whether the block being translated is cold.
    in_cold: bool,
    /// The blocks that are a branch's rare arm ([`lir::rare_arms`]), by index: cold.
    rare: Vec<bool>,
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
            self.in_cold = self.cold[index];
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

    /// Leaves the function with `exit`: the status, and in `out[0]` what it refers to
    /// (for a tier-up, the variables live where the next tier resumes follow).
    fn leave(&mut self, exit: Exit) -> Result<(), BackendError> {
        let (status, word) = match exit {
            Exit::Status(status) => (status, None),
            Exit::Deopt(site) => (Status::Deopt, Some(site)),
            Exit::Raise(index) => (Status::StaticRaise, Some(index)),
            Exit::TierUp(resume) => {
                let live = self.live_ins.get(resume.0 as usize).cloned().unwrap_or_default();
                for var in live {
                    let (value, ty) = (self.get(var)?, self.ty(var)?);
                    let word = to_word(&mut self.b, value, ty);
                    let offset = 8 * (1 + var.0 as i32);
                    self.b.ins().store(MemFlagsData::trusted(), word, self.out, offset);
                }
                (Status::TierUp, Some(resume.0))
            }
        };
        if let Some(word) = word {
            let word = self.b.ins().iconst(types::I64, i64::from(word));
            self.b.ins().store(MemFlagsData::trusted(), word, self.out, 0);
        }
        let status = self.b.ins().iconst(types::I32, status as i64);
        self.b.ins().return_(&[status]);
        Ok(())
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
                let ty = self.ty(*dst)?;
                let a = self.get(*addr)?;
                let mut v = self.b.ins().load(cl_type(ty), MemFlagsData::trusted(), a, *offset);
                if ty == MType::I1 {
                    // A byte holding anything but 0 is true, as the LIR interpreter reads it.
                    v = self.b.ins().icmp_imm_u(condcodes::IntCC::NotEqual, v, 0);
                }
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
                if self.in_cold {
                    self.b.set_cold_block(leave);
                    self.b.set_cold_block(next);
                }
                self.b.ins().brif(c, leave, &[], next, &[]);
                self.b.switch_to_block(leave);
                self.leave(*exit)?;
                self.b.switch_to_block(next);
            }
            Op::PollPending { dst } => {
                // Both flags in one load: zero while neither is set.
                let address = self.b.ins().iconst(types::I64, pynum_runtime::poll_flags_address() as i64);
                let flags = self.b.ins().load(types::I16, MemFlagsData::trusted(), address, 0);
                let v = self.b.ins().icmp_imm_u(condcodes::IntCC::NotEqual, flags, 0);
                self.def(*dst, v)?;
                self.poll_flags.push(*dst);
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
                    // A poll's safepoint call, and a branch's rare arm ([`lir::rare_arms`]).
                    let cold_then = self.poll_flags.contains(cond) || self.rare.get(then.0 as usize) == Some(&true);
                    let cold_otherwise = self.rare.get(otherwise.0 as usize) == Some(&true);
                    for (cold, lir_block, block) in [(cold_then, then, t), (cold_otherwise, otherwise, o)] {
                        if cold {
                            self.b.set_cold_block(block);
                            if let Some(cold) = self.cold.get_mut(lir_block.0 as usize) {
                                *cold = true;
                            }
                        }
                    }
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
            Terminator::Exit(exit) => self.leave(*exit)?,
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
    //! What only Cranelift shows: its dumps. Every backend's behaviour on hand-built LIR
    //! is tested by `pynum-backend-tests` (`tests/lir_run.rs`).
    use crate::Cranelift;
    use pynum_backend_tests::hand_built::{compile, module, run, Build};
    use pynum_jit::backend::{Backend, DumpOptions};
    use pynum_jit::lir::{MType, Terminator};

    /// Dumps as asked for, one header per function and the entry's.
    #[test]
    fn dumps_name_each_function() {
        let (mut b, p) = Build::new("ident(int64)", &[MType::I64], &[MType::I64]);
        let block = b.block();
        b.end(block, Terminator::Return(vec![p[0]]));
        let m = module(vec![b.done()]);
        let all = DumpOptions { keep_ir: true, keep_optimized: true, keep_asm: true, keep_object: false };
        let code = Cranelift::shared().compile(&m, &all).unwrap();
        let dumps = code.dumps();
        assert!(dumps.ir.contains("; ident(int64)\nfunction") && dumps.ir.contains("; entry\n"), "{}", dumps.ir);
        assert!(dumps.optimized.starts_with("; ident(int64)\nfunction"), "{}", dumps.optimized);
        assert!(dumps.asm.starts_with("; ident(int64)\n") && dumps.asm.len() > 20, "{}", dumps.asm);
        assert_eq!(run(&*code, &[77]).1[0], 77);
        let quiet = compile(Cranelift::shared(), &m).dumps();
        assert!(quiet.ir.is_empty() && quiet.optimized.is_empty() && quiet.asm.is_empty());
        assert_eq!(Cranelift::shared().name(), "cranelift");
    }
}
